import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_CACHE_CONTROL } from '../../server/public-cache/http.ts';
import { cacheKey } from '../../server/public-cache/keys.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * The store lock changing while a request's lock lookup is under way: the view that lookup gives
 * may be stale, so what the request builds is neither stored under the new generation nor sent
 * as public (a CDN would keep a locked store's catalogue).
 */
let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
  await c.postForm('/api/products/create.php', { title: 'Saia Midi', price: '99.90' });
});
afterAll(async () => {
  await c.t.close();
});

/**
 * Holds the next store-lock lookup after it has read the database: resolves `read` once it has,
 * and hands its answer to the request only when `release` is called.
 */
function holdNextLockLookup() {
  const cache = c.t.app.publicCache;
  const memo = cache.memo.bind(cache);
  let read!: () => void;
  let release!: () => void;
  const wasRead = new Promise<void>((r) => (read = r));
  const released = new Promise<void>((r) => (release = r));
  cache.memo = (<T>(name: string, load: () => Promise<T>): Promise<T> => {
    if (name !== 'store-locked') return memo(name, load);
    cache.memo = memo;
    return memo(name, async () => {
      const value = await load();
      read();
      await released;
      return value;
    });
  }) as typeof cache.memo;
  return { wasRead, release };
}

const setLock = async (locked: boolean) => {
  const res = await c.post(
    '/settings/update.php',
    locked ? { store_locked: '1', store_unlock_password: 'abre-te' } : { store_locked: '0' },
  );
  expect(res.statusCode).toBe(200);
};

describe('a store lock committed during the lock lookup', () => {
  for (const url of ['/trpc/catalog.home', '/api/products/list.php', '/']) {
    it(`${url}: the admin's answer is private and not stored under the new generation`, async () => {
      await setLock(false);
      const cache = c.t.app.publicCache;
      const held = holdNextLockLookup();
      const pending = c.get(url, true);
      await held.wasRead; // the lookup saw the store open...
      const before = cache.generation;
      await setLock(true); // ...and the lock commits before the request goes on
      expect(cache.generation).toBeGreaterThan(before);
      held.release();
      const res = await pending;
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
      const kind = url.startsWith('/trpc/') ? 'trpc' : url.endsWith('.php') ? 'legacy' : 'page';
      const origin = kind === 'page' ? 'http://localhost:80' : '';
      expect(cache.peek(cacheKey(kind, 'public', url, origin))).toBeUndefined();
      // Nothing public is kept (list.php's streamed path looks the lock up again, after the write,
      // and may keep the admin's answer under the `unlocked` view).
      expect(cache.keys().filter((k) => k.split('\u0000')[1] === 'public')).toEqual([]);
      // A visitor asks next: the locked store's answer, never the catalogue.
      const visitor = await c.get(url);
      expect(visitor.body).not.toContain('Saia Midi');
    });
  }

  it('without a write meanwhile, the answer is stored and public as before', async () => {
    await setLock(false);
    const res = await c.get('/trpc/catalog.home');
    expect(res.statusCode).toBe(200);
    // A public read: browsers revalidate (`no-cache`), nothing private about it.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(c.t.app.publicCache.peek(cacheKey('trpc', 'public', '/trpc/catalog.home'))).toBeDefined();
  });
});
