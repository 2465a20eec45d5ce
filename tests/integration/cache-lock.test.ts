import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * The public cache and the store lock, and how cached answers go out (encodings, ETag, 304,
 * Cache-Control, Vary).
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
const PUBLIC = /^(public, )?no-cache$/;

describe('cached answers on the wire', () => {
  it('pages and reads go out precompressed per Accept-Encoding, with the same bytes, an ETag and Vary', async () => {
    for (const url of ['/', `/produto/${slug}`, '/api/products/list.php', '/trpc/catalog.home']) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toMatch(PUBLIC);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      const gz = await get(url, { 'accept-encoding': 'gzip;q=1, br;q=0' });
      if (plain.rawPayload.length >= 512) {
        expect(br.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
        expect(br.headers.etag).not.toBe(plain.headers.etag);
      }
      expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
    }
  });

  it('answers 304 to a matching If-None-Match, in any encoding, and 200 after a write', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/', { 'if-none-match': etag })).statusCode).toBe(304);
    await c.post('/api/top_headers/create.php', { text: 'Novidades toda semana' });
    const after = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(brotliDecompressSync(after.rawPayload).toString()).toContain('Novidades toda semana');
  });

  it('answers one request per key with one build while many wait (no stampede)', async () => {
    await c.post('/api/top_headers/create.php', { text: 'Outra' });
    const before = c.t.app.publicCache.size.entries;
    const answers = await Promise.all(Array.from({ length: 12 }, () => get('/api/products/list.php?limit=5')));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(c.t.app.publicCache.size.entries).toBe(before + 1);
  });
});

describe('a locked store', () => {
  let unlockCookie = '';
  it('never serves the catalogue cached while it was open to an anonymous visitor', async () => {
    // Everything cached while open.
    for (const url of ['/', `/produto/${slug}`, '/api/products/list.php', '/trpc/catalog.home', '/settings/get.php']) {
      expect((await get(url)).statusCode).toBe(200);
    }
    expect((await get('/')).body).toContain('Vestido Floral');
    const lock = await c.post('/settings/update.php', { store_locked: '1', store_unlock_password: 'abre-te' });
    expect(lock.statusCode).toBe(200);

    const visitors: Record<string, string>[] = [{}, { cookie: 'sid=forjado' }, { cookie: 'store_unlocked=forjado' }];
    for (const headers of visitors) {
      const page = await get('/', headers);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('Vestido Floral');
      expect(page.body).toContain('Digite a senha para desbloquear o acesso à loja.');
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect((await get(`/produto/${slug}`, headers)).body).not.toContain('Vestido Floral');
      const list = await get('/api/products/list.php', headers);
      expect(list.statusCode).toBe(423);
      expect(list.headers['cache-control']).toBe('private, no-store');
      expect((await get('/trpc/catalog.home', headers)).statusCode).toBe(403);
      expect(Object.keys((await get('/settings/get.php', headers)).json())).not.toContain('currency');
    }
  });

  it('shows the store to an admin and to an unlocked visitor, privately, and still not to others', async () => {
    const asAdmin = await get('/', { cookie: c.cookie });
    expect(asAdmin.body).toContain('Vestido Floral');
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    expect((await get('/api/products/list.php', { cookie: c.cookie })).statusCode).toBe(200);

    const unlock = await c.t.app.inject({
      method: 'POST',
      url: '/trpc/store.unlock',
      headers: { 'content-type': 'application/json' },
      payload: { password: 'abre-te' },
    });
    unlockCookie = `store_unlocked=${unlock.cookies.find((x) => x.name === 'store_unlocked')?.value}`;
    const unlocked = await get(`/produto/${slug}`, { cookie: unlockCookie });
    expect(unlocked.body).toContain('Vestido Floral');
    expect(unlocked.headers['cache-control']).toBe('private, no-store');
    expect((await get('/trpc/catalog.home', { cookie: unlockCookie })).statusCode).toBe(200);

    // The pages just built for them are not what the next anonymous visitor gets.
    expect((await get('/')).body).not.toContain('Vestido Floral');
    expect((await get(`/produto/${slug}`)).body).not.toContain('Vestido Floral');
    expect((await get('/trpc/catalog.home')).statusCode).toBe(403);
  });

  it('a signed-out admin and a changed unlock password lose the store at once', async () => {
    await c.post('/settings/update.php', { store_unlock_password: 'nova-senha' });
    expect((await get('/', { cookie: unlockCookie })).body).not.toContain('Vestido Floral');
    const other = await adminApi(c.t);
    expect((await get('/', { cookie: other.cookie })).body).toContain('Vestido Floral');
    await c.t.app.inject({ method: 'POST', url: '/auth/logout.php', headers: { cookie: other.cookie } });
    expect((await get('/', { cookie: other.cookie })).body).not.toContain('Vestido Floral');
  });

  it('opens again for everyone once unlocked, with public caching', async () => {
    await c.post('/settings/update.php', { store_locked: '0' });
    const page = await get('/');
    expect(page.body).toContain('Vestido Floral');
    expect(page.headers['cache-control']).toMatch(PUBLIC);
  });
});
