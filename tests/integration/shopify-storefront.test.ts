import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHOPIFY_MESSAGES as M } from '../../shared/shopify.ts';
import { STOREFRONT_API_VERSION } from '../../src/shopify/api-version.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { STANDIN_SHOP, type Standin, startStandin } from '../helpers/shopify-standin.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * The server's Storefront API client (src/shopify/) against a local stand-in: pages by cursor and
 * search, the pinned API version, every failure Shopify or the network can give as a Portuguese
 * message, throttling retried within a bound, the address guard still on without the test policy,
 * and no token in any log line.
 */
const ENV = { SHOPIFY_DOMAIN: STANDIN_SHOP.domain, SHOPIFY_STOREFRONT_TOKEN: STANDIN_SHOP.token };

let standin: Standin;
let c: AdminApi;
let logged = '';

beforeAll(async () => {
  standin = await startStandin();
  const sink = new Writable({
    write(chunk, _enc, done) {
      logged += chunk.toString();
      done();
    },
  });
  const loggerInstance = pino({ level: 'debug' }, sink);
  c = await adminApi(await createTestApp(ENV, { outbound: standin.outbound({ timeoutMs: 400 }), loggerInstance }));
});
afterAll(async () => {
  await c?.t.close();
  await standin?.close();
});
beforeEach(() => {
  standin.seen.length = 0;
});

/** An admin tRPC call over HTTP: its status and either its data or its error message. */
async function call(path: string, input: unknown, method: 'GET' | 'POST' = 'GET') {
  const res =
    method === 'GET'
      ? await c.t.app.inject({
          method,
          url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers: { cookie: c.cookie },
        })
      : await c.trpcMutation(path, input);
  const body = res.json();
  return { status: res.statusCode, data: body.result?.data, message: body.error?.message as string | undefined };
}
const products = (input: object = {}) => call('shopify.products', input);

describe('listing the shop’s products', () => {
  it('answers a page with title, image, price, compare-at price and availability, and the next cursor', async () => {
    const page = await products({ first: 24 });
    expect(page.status).toBe(200);
    expect(page.data.items).toHaveLength(24);
    expect(page.data.items[0]).toEqual({
      id: '1001',
      title: 'Camiseta Teste',
      handle: 'camiseta-teste',
      image_url: `${standin.origin}/cdn/shop/files/camiseta-frente.png?v=1`,
      image_alt: 'Camiseta Teste - frente',
      price: '49.90',
      compare_at_price: '59.90',
      currency: 'BRL',
      available: true,
      linked: null,
    });
    expect(page.data.items[2]).toMatchObject({ id: '1003', available: false, compare_at_price: null });
    expect(page.data.next_cursor).toEqual(expect.any(String));
    const [request] = standin.seen;
    expect(request?.path).toBe(`/api/${STOREFRONT_API_VERSION}/graphql.json`);
    expect(STOREFRONT_API_VERSION).not.toBe('2025-01');
    expect(request?.headers['x-shopify-storefront-access-token']).toBe(STANDIN_SHOP.token);
    expect(request?.operation).toBe('ProductsPage');
  });

  it('follows the cursor to the last page, each product once', async () => {
    const ids: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await products({ first: 24, after });
      ids.push(...page.data.items.map((p: { id: string }) => p.id));
      after = page.data.next_cursor ?? undefined;
      if (!after) break;
    }
    expect(ids).toHaveLength(standin.products.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(standin.seen).toHaveLength(3);
  });

  it('sends the search to Shopify and says which of our products is linked', async () => {
    const created = await c.postForm('/api/products/create.php', { title: 'Nossa camiseta', price: '10', shopify_product_id: '1001' });
    expect(created.statusCode).toBe(200);
    const page = await products({ query: 'camiseta' });
    expect(standin.seen[0]?.variables).toMatchObject({ query: 'camiseta' });
    expect(page.data.items.map((p: { title: string }) => p.title)).toEqual(['Camiseta Teste']);
    expect(page.data.items[0].linked).toEqual({ id: created.json().id, title: 'Nossa camiseta' });
    expect(page.data.next_cursor).toBeNull();
  });

  it('refuses page sizes past the maximum before asking Shopify', async () => {
    expect((await products({ first: 500 })).status).toBe(400);
    expect(standin.seen).toHaveLength(0);
  });

  it('is for the admin only', async () => {
    const res = await c.t.app.inject({ method: 'GET', url: `/trpc/shopify.products?input=${encodeURIComponent('{}')}` });
    expect(res.statusCode).toBe(401);
    expect(standin.seen).toHaveLength(0);
  });
});

describe('Shopify’s failures become clear messages', () => {
  const failsWith = async (message: string, status: number) => {
    const res = await products();
    expect(res.message).toBe(message);
    expect(res.status).toBe(status);
  };

  it('a token Shopify refuses (401, 403)', async () => {
    standin.fail({ status: 401 });
    await failsWith(M.badToken, 400);
    standin.fail({ status: 403 });
    await failsWith(M.badToken, 400);
  });

  it('a domain with no shop (404)', async () => {
    standin.fail({ status: 404, body: '<html>Not found</html>', headers: { 'content-type': 'text/html' } });
    await failsWith(M.badDomain, 400);
  });

  it('Shopify down (500, 502, 503)', async () => {
    standin.fail({ status: 500 });
    await failsWith(M.unavailable, 503);
    standin.fail({ status: 502 });
    await failsWith(M.unavailable, 503);
    standin.fail({ status: 503, headers: {} });
    await failsWith(M.unavailable, 503);
  });

  it('GraphQL errors in a 200 answer, and an answer that is not JSON', async () => {
    standin.fail({ status: 200, body: { errors: [{ message: "Field 'x' doesn't exist", extensions: { code: 'undefinedField' } }] } });
    await failsWith(M.refused, 503);
    standin.fail({ status: 200, body: 'oops', headers: { 'content-type': 'text/plain' } });
    await failsWith(M.refused, 503);
    standin.fail({ status: 200, body: { errors: [{ message: 'denied', extensions: { code: 'ACCESS_DENIED' } }] } });
    await failsWith(M.badToken, 400);
  });

  it('no answer within the deadline', async () => {
    standin.fail({ status: 200, delayMs: 1500, body: { data: { products: null } } });
    await failsWith(M.timeout, 503);
  });

  it('throttling: waits Retry-After and tries again, within a bound', async () => {
    standin.fail({ status: 429, headers: { 'retry-after': '0' } });
    const ok = await products();
    expect(ok.status).toBe(200);
    expect(standin.seen).toHaveLength(2);

    standin.seen.length = 0;
    standin.fail(...Array.from({ length: 3 }, () => ({ status: 429, headers: { 'retry-after': '0' } })));
    await failsWith(M.throttled, 429);
    expect(standin.seen).toHaveLength(3); // the call and two retries

    standin.seen.length = 0;
    standin.fail({ status: 429, headers: { 'retry-after': '120' } });
    await failsWith(M.throttledFor(120), 429);
    expect(standin.seen).toHaveLength(1); // too long to wait in a request: said at once

    standin.seen.length = 0;
    standin.fail({
      status: 200,
      body: { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] },
      headers: { 'retry-after': '0' },
    });
    expect((await products()).status).toBe(200);
    expect(standin.seen).toHaveLength(2);
  });

  it('never puts the token in a log line', async () => {
    standin.fail({ status: 401 }, { status: 500 }, { status: 429, headers: { 'retry-after': '0' } });
    await products();
    await products();
    await products();
    expect(logged).toContain('shopify refused');
    expect(logged).toContain('shopify throttled');
    expect(logged).toContain(STANDIN_SHOP.domain);
    expect(logged).not.toContain(STANDIN_SHOP.token);
  });
});

describe('without a connected shop', () => {
  it('says what is missing and asks nobody', async () => {
    const t = await createTestApp({}, { outbound: standin.outbound() });
    try {
      const api = await adminApi(t);
      const res = await t.app.inject({ method: 'GET', url: '/trpc/shopify.products?input=%7B%7D', headers: { cookie: api.cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(M.notConnected);
      const status = await t.app.inject({ method: 'GET', url: '/trpc/shopify.status', headers: { cookie: api.cookie } });
      expect(status.json().result.data).toEqual({ connected: false, domain: '' });
      expect(standin.seen).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

describe('the address guard', () => {
  it('stays on without the test policy: the stand-in on 127.0.0.1 is never reached', async () => {
    const t = await createTestApp(ENV, { outbound: { shopifyOrigin: standin.origin } });
    try {
      const api = await adminApi(t);
      const res = await t.app.inject({ method: 'GET', url: '/trpc/shopify.products?input=%7B%7D', headers: { cookie: api.cookie } });
      expect(res.json().error.message).toBe(M.unreachable);
      expect(standin.seen).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
