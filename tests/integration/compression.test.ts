import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionPlugin } from '../../server/plugins/compression.ts';
import { readAssets } from '../../server/ssr/manifest.ts';
import { createDemoTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

/**
 * Compression and revalidation: brotli, gzip and identity carry the same bytes, compressible
 * responses vary on Accept-Encoding, built assets come precompressed, and a matching
 * If-None-Match answers 304. Needs `npm run build` (the storefront and its assets).
 */
let t: TestApp;
let productSlug: string;
const clientDir = resolve(import.meta.dirname, '..', '..', 'dist', 'client');
const PRECOMPRESSED = 'hello, already compressed '.repeat(100);

beforeAll(async () => {
  t = await createDemoTestApp();
  const home = (await t.app.inject({ method: 'GET', url: '/trpc/catalog.home' })).json().result.data;
  productSlug = home.featured[0].slug;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function decoded(res: Awaited<ReturnType<typeof get>>): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  expect(encoding ?? 'identity').toBe('identity');
  return res.rawPayload;
}

/**
 * The bytes to compare. A rendered page embeds its queries' fetch times (`dataUpdatedAt`…), which
 * differ between two renders; only those numbers are masked, every other byte must match.
 */
const comparable = (what: string, body: Buffer): Buffer | string =>
  what.includes('HTML') ? body.toString('utf8').replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0') : body;

const varies = (res: Awaited<ReturnType<typeof get>>) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('compressed and uncompressed responses carry the same bytes', () => {
  const cases = () => {
    const { storefront } = readAssets(clientDir);
    const search = encodeURIComponent(JSON.stringify({ q: 'ca', limit: 8 }));
    return [
      ['storefront HTML (home)', '/'],
      ['storefront HTML (product)', `/produto/${productSlug}`],
      ['tRPC JSON read', '/trpc/catalog.home'],
      ['tRPC JSON search', `/trpc/catalog.products?input=${search}`],
      ['legacy JSON read', '/api/products/list.php'],
      // The storefront's app chunk (the entry itself is a few hundred bytes, below the threshold).
      ['static asset', storefront.app ?? storefront.script],
    ] as const;
  };

  it('for HTML, tRPC JSON, legacy JSON and a built asset', async () => {
    for (const [what, url] of cases()) {
      const identity = await get(url, { 'accept-encoding': 'identity' });
      expect(identity.statusCode, what).toBe(200);
      expect(identity.rawPayload.length, `${what} is big enough to be compressed`).toBeGreaterThan(1024);
      expect(identity.headers['content-encoding'] ?? 'identity', what).toBe('identity');
      expect(varies(identity), `${what}: Vary on an uncompressed response`).toBe(true);
      for (const encoding of ['br', 'gzip']) {
        const res = await get(url, { 'accept-encoding': encoding });
        expect(res.statusCode, what).toBe(200);
        expect(res.headers['content-encoding'], `${what} in ${encoding}`).toBe(encoding);
        expect(res.rawPayload.length, `${what} in ${encoding} is smaller`).toBeLessThan(identity.rawPayload.length);
        expect(varies(res), `${what}: Vary`).toBe(true);
        expect(comparable(what, decoded(res)), `${what} in ${encoding} decodes to the same bytes`).toEqual(
          comparable(what, identity.rawPayload),
        );
      }
    }
  });

  it('prefers brotli when the browser offers both', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('serves built assets from the files written at build time (maximum quality)', async () => {
    const { storefront } = readAssets(clientDir);
    const file = join(clientDir, storefront.script);
    const br = await get(storefront.script, { 'accept-encoding': 'br' });
    expect(br.rawPayload.equals(readFileSync(`${file}.br`))).toBe(true);
    const gz = await get(storefront.script, { 'accept-encoding': 'gzip' });
    expect(gz.rawPayload.equals(readFileSync(`${file}.gz`))).toBe(true);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
  });

  it('leaves a response that already carries a Content-Encoding alone', async () => {
    // As a cache of compressed pages sends them: the body is gzip already.
    const app = Fastify();
    await app.register(compressionPlugin);
    app.get('/cached', async (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('content-encoding', 'gzip').send(gzipSync(PRECOMPRESSED)),
    );
    const res = await app.inject({ method: 'GET', url: '/cached', headers: { 'accept-encoding': 'br' } });
    await app.close();
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(PRECOMPRESSED);
    expect(varies(res)).toBe(true);
  });

  it('does not compress small bodies or images', async () => {
    const small = await get('/healthz', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const banner = (await get('/api/banners/list.php')).json()[0];
    const image = await get(banner.image_url ?? banner.image, { 'accept-encoding': 'br' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
  });
});

describe('ETag and 304', () => {
  for (const [what, url] of [
    ['storefront page', '/'],
    ['tRPC read', '/trpc/catalog.home'],
    ['legacy read', '/api/products/list.php'],
  ] as const) {
    it(`${what}: a matching If-None-Match answers 304 without a body, in any encoding`, async () => {
      const first = await get(url, { 'accept-encoding': 'br' });
      const etag = first.headers.etag;
      // Public reads come from the public cache: one strong tag per encoding of the same entity
      // ("…-br", "…-gzip", "…"), and any of them matches.
      expect(etag).toMatch(/^(W\/)?".+"$/);
      const entity = (tag: unknown) => String(tag).replace(/-(br|gzip)"$/, '"');
      const plain = await get(url, { 'accept-encoding': 'identity' });
      expect(entity(plain.headers.etag)).toBe(entity(etag));
      for (const encoding of ['br', 'gzip', 'identity']) {
        const again = await get(url, { 'if-none-match': String(etag), 'accept-encoding': encoding });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
      }
      const stale = await get(url, { 'if-none-match': 'W/"something-else"' });
      expect(stale.statusCode).toBe(200);
    });
  }

  it("a page's ETag changes with its content", async () => {
    const before = await get('/');
    const cookie = await loginCookie(t.app);
    const [collection] = (await get('/api/collections/list.php')).json();
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/collections/update.php',
      headers: { cookie },
      payload: { id: collection.id, name: 'Coleção renomeada' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = await get('/', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Coleção renomeada');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('a built asset answers 304 to its ETag', async () => {
    const { storefront } = readAssets(clientDir);
    const first = await get(storefront.script, { 'accept-encoding': 'br' });
    const again = await get(storefront.script, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});
