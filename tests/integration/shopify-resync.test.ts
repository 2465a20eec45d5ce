import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOPIFY_MESSAGES as M } from '../../shared/shopify.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { STANDIN_SHOP, type Standin, startStandin } from '../helpers/shopify-standin.ts';
import { createTestApp } from '../helpers/test-app.ts';

/** Re-syncing the linked products' prices from Shopify: a dry run that changes nothing, then one transaction. */
let standin: Standin;
let c: AdminApi;
const ids: Record<string, number> = {};

beforeAll(async () => {
  standin = await startStandin();
  c = await adminApi(
    await createTestApp(
      { SHOPIFY_DOMAIN: STANDIN_SHOP.domain, SHOPIFY_STOREFRONT_TOKEN: STANDIN_SHOP.token },
      { outbound: standin.outbound() },
    ),
  );
  const make = async (key: string, fields: Record<string, string>) => {
    const res = await c.postForm('/api/products/create.php', { title: key, ...fields });
    ids[key] = res.json().id;
  };
  await make('stale', { price: '40', shopify_product_id: '1001' }); // Shopify: 49.90, compare-at 59.90
  await make('same', { price: '12,90', old_price: '22', shopify_product_id: 'gid://shopify/Product/1002' }); // Shopify: 12.90 / 22.00
  await make('gone', { price: '5', shopify_product_id: '999999' });
  await make('unlinked', { price: '7' });
});
afterAll(async () => {
  await c?.t.close();
  await standin?.close();
});

const prices = async () =>
  Object.fromEntries(
    (
      await c.sql<{ title: string; price: string; old_price: string | null }>(
        'select title, price::text as price, old_price::text as old_price from products order by id',
      )
    ).map((r: { title: string; price: string; old_price: string | null }) => [r.title, [r.price, r.old_price]]),
  );
const plan = async () => {
  const res = await c.t.app.inject({ method: 'GET', url: '/trpc/shopify.resyncPlan', headers: { cookie: c.cookie } });
  return res.json().result?.data ?? res.json().error;
};
const apply = async (plan_id: string) => {
  const res = await c.trpcMutation('shopify.resyncApply', { plan_id });
  return { status: res.statusCode, data: res.json().result?.data, message: res.json().error?.message };
};
const BEFORE = { stale: ['40.00', null], same: ['12.90', '22.00'], gone: ['5.00', null], unlinked: ['7.00', null] };

describe('price re-sync', () => {
  it('dry run: lists what would change and what Shopify no longer has, and changes nothing', async () => {
    const p = await plan();
    expect(p).toMatchObject({ linked: 3, changes: 1, missing: 1, currency_mismatch: null });
    expect(p.rows).toEqual([
      {
        product_id: ids.stale,
        title: 'stale',
        shopify_product_id: '1001',
        status: 'change',
        price: { from: '40.00', to: '49.90' },
        old_price: { from: null, to: '59.90' },
        available: true,
      },
      expect.objectContaining({ product_id: ids.gone, status: 'missing', available: null }),
    ]);
    expect(standin.seen.filter((s) => s.operation === 'ProductsByIds').at(0)?.variables.ids).toEqual([
      'gid://shopify/Product/1001',
      'gid://shopify/Product/1002',
      'gid://shopify/Product/999999',
    ]);
    expect(await prices()).toEqual(BEFORE);
  });

  it('refuses to apply a plan that is not the one Shopify gives now, writing nothing', async () => {
    const shown = (await plan()).plan_id;
    expect(await apply('not-a-plan')).toMatchObject({ status: 409, message: M.planChanged });
    const first = standin.products[0];
    if (!first) throw new Error('no product');
    const was = first.price;
    first.price = { amount: '44.0', currencyCode: 'BRL' };
    try {
      expect(await apply(shown)).toMatchObject({ status: 409, message: M.planChanged });
    } finally {
      first.price = was;
    }
    expect(await prices()).toEqual(BEFORE);
  });

  it('writes nothing when Shopify fails while the plan is made again', async () => {
    const shown = (await plan()).plan_id;
    standin.fail({ status: 502 });
    expect(await apply(shown)).toMatchObject({ status: 503, message: M.unavailable });
    expect(await prices()).toEqual(BEFORE);
  });

  it('applies the plan shown: prices and compare-at prices of the changed products only', async () => {
    const shown = (await plan()).plan_id;
    expect(await apply(shown)).toMatchObject({ status: 200, data: { updated: 1 } });
    expect(await prices()).toEqual({ ...BEFORE, stale: ['49.90', '59.90'] });
    expect(await plan()).toMatchObject({ linked: 3, changes: 0, missing: 1 });
  });

  it('flags a Shopify currency that is not the shop’s', async () => {
    const first = standin.products[0];
    if (!first) throw new Error('no product');
    const was = first.price;
    first.price = { amount: '49.9', currencyCode: 'USD' };
    try {
      expect((await plan()).currency_mismatch).toBe('USD');
    } finally {
      first.price = was;
    }
  });
});
