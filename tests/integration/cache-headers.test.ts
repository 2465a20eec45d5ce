import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Which caches may keep which answer (README, "Public cache"): browsers always revalidate a public
 * answer (so the admin reading back its own write, and a shopper, never get an old copy from the
 * browser's cache); only pages (and the sitemap and robots.txt) may be kept briefly by a CDN, told
 * so in the CDN's own headers; anything of a locked store is private.
 */
let c: AdminApi;
let slug = '';
beforeAll(async () => {
  c = await adminApi(await createTestApp());
  await c.post('/api/collections/create.php', { name: 'Vestidos' });
  slug = (await c.postForm('/api/products/create.php', { title: 'Vestido Floral', price: '159.90' })).json().product.slug;
});
afterAll(async () => {
  await c.t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => c.t.app.inject({ method: 'GET', url, headers });
/** Read when the tests run (the product is made in beforeAll). */
const pages = () => ['/', `/produto/${slug}`, '/sitemap.xml', '/robots.txt'];
const READS = ['/api/products/list.php', '/api/banners/list.php', '/trpc/catalog.home', '/trpc/topHeaders.list', '/settings/get.php'];

/** A browser may reuse a stored answer without asking only with a positive max-age or stale-while-revalidate. */
function browserMayReuseWithoutAsking(cacheControl: string): boolean {
  const directives = cacheControl.split(',').map((d) => d.trim().toLowerCase());
  if (directives.includes('no-cache') || directives.includes('no-store')) return false;
  return directives.some((d) => /^(max-age=[1-9]|stale-while-revalidate=)/.test(d));
}

describe('Cache-Control per answer', () => {
  it('pages: browsers revalidate every time; a CDN may keep them 30 s (+60 s while revalidating)', async () => {
    for (const url of pages()) {
      // Twice: the miss (full path) and the hit (answered before the hooks) must say the same.
      for (const round of ['miss', 'hit']) {
        const res = await get(url, { 'accept-encoding': 'br' });
        expect(res.statusCode, `${url} ${round}`).toBe(200);
        expect(res.headers['cache-control'], `${url} ${round}`).toBe('public, no-cache');
        expect(res.headers['cdn-cache-control'], `${url} ${round}`).toBe('max-age=30, stale-while-revalidate=60');
        expect(res.headers['surrogate-control'], `${url} ${round}`).toBe('max-age=30, stale-while-revalidate=60');
        expect(res.headers.vary, `${url} ${round}`).toBe('Accept-Encoding');
        expect(res.headers.etag).toBeTruthy();
      }
    }
  });

  it('JSON reads (what the admin reads back after a save): revalidated by browsers, never kept by a CDN', async () => {
    for (const url of READS) {
      for (const round of ['miss', 'hit']) {
        const res = await get(url, { 'accept-encoding': 'gzip' });
        expect(res.statusCode, `${url} ${round}`).toBe(200);
        expect(res.headers['cache-control'], `${url} ${round}`).toBe('no-cache');
        expect(browserMayReuseWithoutAsking(String(res.headers['cache-control']))).toBe(false);
        expect(res.headers['cdn-cache-control'], url).toBeUndefined();
        expect(res.headers['surrogate-control'], url).toBeUndefined();
      }
    }
  });

  it('a revalidation right after a write gets the new answer, never the copy the browser holds', async () => {
    const before = await get('/trpc/topHeaders.list');
    const etag = String(before.headers.etag);
    expect((await get('/trpc/topHeaders.list', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await c.post('/api/top_headers/create.php', { text: 'Promoção de verão' })).statusCode).toBe(200);
    const after = await get('/trpc/topHeaders.list', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Promoção de verão');
  });

  it('a locked store: pages, the sitemap and reads are private and unstored, for shoppers and the admin', async () => {
    const lock = await c.post('/settings/update.php', { store_locked: '1', store_unlock_password: 'abre-te' });
    expect(lock.statusCode).toBe(200);
    try {
      for (const url of [...pages(), ...READS]) {
        for (const headers of [{}, { cookie: c.cookie }] as Record<string, string>[]) {
          const res = await get(url, headers);
          expect(res.headers['cache-control'], url).toMatch(/no-store/);
          expect(res.headers['cdn-cache-control'], url).toBeUndefined();
          expect(res.headers['surrogate-control'], url).toBeUndefined();
        }
      }
    } finally {
      await c.post('/settings/update.php', { store_locked: '0' });
    }
  });
});

describe('the sitemap is cached like a page', () => {
  it('is built once, and a new product is in it on the very next request', async () => {
    const first = await get('/sitemap.xml');
    const entries = c.t.app.publicCache.size.entries;
    expect((await get('/sitemap.xml')).body).toBe(first.body);
    expect(c.t.app.publicCache.size.entries).toBe(entries);
    const made = (await c.postForm('/api/products/create.php', { title: 'Saia Midi', price: '99.90' })).json().product.slug;
    expect((await get('/sitemap.xml')).body).toContain(`/produto/${made}`);
  });
});
