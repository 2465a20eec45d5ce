import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOPIFY_MESSAGES as M } from '../../shared/shopify.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { STANDIN_SHOP, type Standin, startStandin } from '../helpers/shopify-standin.ts';
import { createTestApp } from '../helpers/test-app.ts';

/** Linking a product to the connected shop's product: the id is checked with Shopify before it is stored. */
let standin: Standin;
let c: AdminApi;
let productId: number;

beforeAll(async () => {
  standin = await startStandin();
  c = await adminApi(
    await createTestApp(
      { SHOPIFY_DOMAIN: STANDIN_SHOP.domain, SHOPIFY_STOREFRONT_TOKEN: STANDIN_SHOP.token },
      { outbound: standin.outbound() },
    ),
  );
  productId = (await c.postForm('/api/products/create.php', { title: 'Camiseta', price: '10' })).json().id;
});
afterAll(async () => {
  await c?.t.close();
  await standin?.close();
});

const link = async (shopify_product_id: string, product_id = productId) => {
  const res = await c.trpcMutation('shopify.link', { product_id, shopify_product_id });
  const body = res.json();
  return { status: res.statusCode, data: body.result?.data, message: body.error?.message, field: body.error?.data?.field };
};
const stored = async () => (await c.sql<{ s: string }>('select shopify_product_id as s from products where id = ?', [productId]))[0]?.s;

describe('shopify.link', () => {
  it('stores the numeric id of a product the shop has, by id or gid', async () => {
    expect(await link('1001')).toMatchObject({
      status: 200,
      data: { product_id: productId, shopify_product_id: '1001', shopify_title: 'Camiseta Teste' },
    });
    expect(await stored()).toBe('1001');
    expect((await link('gid://shopify/Product/1002')).data.shopify_product_id).toBe('1002');
    expect(await stored()).toBe('1002');
    expect(standin.seen.at(-1)).toMatchObject({ operation: 'ProductById', variables: { id: 'gid://shopify/Product/1002' } });
  });

  it('refuses an id the shop does not have, and keeps the link there was', async () => {
    const res = await link('999999');
    expect(res).toMatchObject({ status: 400, message: M.productNotInShop, field: 'shopify_product_id' });
    expect(await stored()).toBe('1002');
  });

  it('refuses what is not an id without asking Shopify', async () => {
    const before = standin.seen.length;
    expect((await link('camiseta-teste')).status).toBe(400);
    expect(standin.seen.length).toBe(before);
    expect(await stored()).toBe('1002');
  });

  it('says so when Shopify cannot answer, and changes nothing', async () => {
    standin.fail({ status: 503 });
    expect(await link('1001')).toMatchObject({ status: 503, message: M.unavailable });
    expect(await stored()).toBe('1002');
  });

  it('unlinks with an empty id (no call to Shopify), and refuses a product that does not exist', async () => {
    const before = standin.seen.length;
    expect((await link('')).data.shopify_product_id).toBe('');
    expect(await stored()).toBe('');
    expect(standin.seen.length).toBe(before);
    expect((await link('1001', 987654)).status).toBe(404);
  });

  it('is for the admin only (and CSRF-checked like every write)', async () => {
    const anonymous = await c.t.app.inject({
      method: 'POST',
      url: '/trpc/shopify.link',
      payload: { product_id: productId, shopify_product_id: '1001' },
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await c.t.app.inject({
      method: 'POST',
      url: '/trpc/shopify.link',
      payload: { product_id: productId, shopify_product_id: '1001' },
      headers: { 'content-type': 'application/json', cookie: c.cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await stored()).toBe('');
  });
});
