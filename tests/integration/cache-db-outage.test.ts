import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DB_UNAVAILABLE_MESSAGE } from '../../server/plugins/db-unavailable.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

/**
 * A database outage on a cached public read answers 503 with Retry-After, like the legacy `.php`
 * reads, whichever step meets it: the store-lock lookup before the cache, the request context or
 * the procedure inside a build. Never a 500.
 */
let t: TestApp;
let cookie = '';
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t.app);
});
afterAll(async () => {
  await t.close();
});

/** Every statement of the app fails as a lost connection does until `restore` (the pool's connection object is shared). */
type Conn = { execute: (...args: unknown[]) => Promise<unknown> };
let restore: (() => void) | null = null;
function cutDatabase(): void {
  const conn = t.db.fork().getConnection() as unknown as Conn;
  const execute = conn.execute;
  conn.execute = async () => {
    throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
  };
  restore = () => {
    conn.execute = execute;
  };
}
afterEach(() => {
  restore?.();
  restore = null;
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function expectTrpcUnavailable(res: Awaited<ReturnType<typeof get>>): void {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as { error?: { message: string; data: { code: string; httpStatus: number } } }[] | { error?: unknown };
  const errors = (Array.isArray(body) ? body : [body]).map(
    (b) => b.error as { message: string; data: { code: string; httpStatus: number } },
  );
  for (const e of errors) {
    expect(e.data.httpStatus).toBe(503);
    expect(e.data.code).toBe('SERVICE_UNAVAILABLE');
    expect(e.message).toMatch(/^Serviço/);
  }
}

describe('a database outage on cached reads', () => {
  it('the legacy read answers 503 + Retry-After in the shop format (the reference)', async () => {
    t.app.publicCache.invalidate();
    cutDatabase();
    const res = await get('/settings/get.php');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: DB_UNAVAILABLE_MESSAGE });
  });

  it('tRPC: the store-lock lookup failing before the cache answers 503 + Retry-After, not 500', async () => {
    t.app.publicCache.invalidate();
    cutDatabase();
    const res = await get('/trpc/settings.get');
    expectTrpcUnavailable(res);
    expect(res.json().error.message).toBe(DB_UNAVAILABLE_MESSAGE);
    const batch = await get(`/trpc/settings.get,catalog.collections?batch=1&input=${encodeURIComponent('{}')}`);
    expect(batch.statusCode).toBe(503);
    expect(batch.headers['retry-after']).toBe('5');
  });

  it('tRPC: a procedure failing inside the build answers 503 + Retry-After, and nothing is kept', async () => {
    t.app.publicCache.invalidate();
    expect((await get('/trpc/catalog.collections')).statusCode).toBe(200); // the lock lookup is remembered
    cutDatabase();
    const res = await get('/trpc/settings.get');
    expectTrpcUnavailable(res);
    restore?.();
    const after = await get('/trpc/settings.get');
    expect(after.statusCode).toBe(200);
    expect(after.headers['retry-after']).toBeUndefined();
  });

  it('tRPC: the request context failing inside the build (a session lookup) answers 503 + Retry-After', async () => {
    t.app.publicCache.invalidate();
    expect((await get('/trpc/catalog.collections')).statusCode).toBe(200);
    cutDatabase();
    const res = await get('/trpc/catalog.home', { cookie });
    expectTrpcUnavailable(res);
  });

  it('after the outage every read answers 200 again', async () => {
    for (const url of ['/trpc/settings.get', '/trpc/catalog.home', '/settings/get.php']) {
      const res = await get(url, { cookie });
      expect(res.statusCode, url).toBe(200);
    }
  });
});
