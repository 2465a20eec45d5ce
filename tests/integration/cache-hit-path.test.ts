import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Cache hits answered before the hooks (answerEarlyHit, server/public-cache/early-hit.ts) go out
 * byte for byte as the full request lifecycle sends the same cached entry: status, every header
 * (names, values, order) and body, over a real socket. The full path is forced by hiding the
 * store-lock memo from the early answer (it then leaves the request to the hooks, which read the
 * memo themselves and find the same entry).
 */
let c: AdminApi;
let base = '';
let slug = '';
beforeAll(async () => {
  // Behind a trusted proxy, so that HTTPS (HSTS, the CSP's upgrade-insecure-requests) is covered too.
  c = await adminApi(await createTestApp({ TRUST_PROXY: '1' }));
  await c.post('/api/collections/create.php', { name: 'Vestidos' });
  slug = (await c.postForm('/api/products/create.php', { title: 'Vestido Floral', price: '159.90' })).json().product.slug;
  await c.t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(c.t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await c.t.close();
});

type Wire = { status: number; headers: string[]; body: Buffer };

/** One request over HTTP: the status, the raw header lines in order (without Date) and the body as sent. */
function wire(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Wire> {
  return new Promise((ok, fail) => {
    request(`${base}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        const lines: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]?.toLowerCase() !== 'date') lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        }
        ok({ status: res.statusCode ?? 0, headers: lines, body: Buffer.concat(chunks) });
      });
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

/** The same request answered by the full lifecycle and by the early answer; `early` says whether the early answer took it. */
async function both(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const cache = c.t.app.publicCache;
  const hidden = vi.spyOn(cache, 'settled').mockReturnValue(undefined);
  const full = await wire(url, headers, method);
  hidden.mockRestore();
  const builds = vi.spyOn(cache, 'get');
  const fast = await wire(url, headers, method);
  const early = builds.mock.calls.length === 0;
  builds.mockRestore();
  return { full, fast, early };
}

/**
 * An answer as the client reads it: status, header lines and the decoded body. With the store-lock
 * memo hidden (the full path), a page may be built again, and a fresh build's brotli is at the
 * quick quality of a miss while the kept entry's was recompressed better: the same answer, other
 * bytes. Only `Content-Length` and the compressed bytes may differ, nothing a client reads.
 */
function same(w: Wire) {
  const encoding = w.headers.find((h) => h.toLowerCase().startsWith('content-encoding:'))?.split(': ')[1];
  const body = encoding === 'br' ? brotliDecompressSync(w.body) : encoding === 'gzip' ? gunzipSync(w.body) : w.body;
  return {
    status: w.status,
    headers: w.headers.filter((h) => !h.toLowerCase().startsWith('content-length:')),
    body: body.toString('latin1'),
  };
}

/**
 * Builds and keeps `url`'s entry, then waits until its brotli variant is final: a miss is
 * compressed at a quick quality and recompressed better in the background at its first hit
 * (store.ts, `#refine`), so two hits on either side of that would differ by compression alone.
 */
async function settledEntry(url: string): Promise<void> {
  let last = (await wire(url, BROWSER)).body;
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 20));
    const next = (await wire(url, BROWSER)).body;
    if (next.equals(last)) return;
    last = next;
  }
  throw new Error(`${url}: the cached answer kept changing`);
}

const q = (input: unknown) => encodeURIComponent(JSON.stringify(input));
const urls = () => [
  '/',
  `/produto/${slug}`,
  '/api/products/list.php',
  '/api/collections/list.php',
  '/settings/get.php',
  '/trpc/catalog.home',
  `/trpc/catalog.products?input=${q({ q: 'vest', limit: 8 })}`,
  `/trpc/catalog.collectionPage?input=${q({ slug: 'vestidos' })}`,
  `/trpc/catalog.home,catalog.collections?batch=1&input=${q({})}`,
];
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: '*/*' };

describe('a cache hit answered before the hooks', () => {
  it('is the full path’s answer, byte for byte, for every encoding a client may ask', async () => {
    const variants: Record<string, string>[] = [
      BROWSER,
      { 'accept-encoding': 'gzip' },
      {},
      { 'accept-encoding': 'deflate' },
      { 'accept-encoding': 'br;q=0, gzip' },
      { 'accept-encoding': '*' },
      { ...BROWSER, cookie: 'sid=forjado; store_unlocked=forjado' },
      { ...BROWSER, 'x-no-compression': '1' },
      { ...BROWSER, 'x-forwarded-proto': 'https' },
      { ...BROWSER, 'x-forwarded-host': 'loja.example.com' },
    ];
    for (const url of urls()) {
      await settledEntry(url);
      for (const headers of variants) {
        const { full, fast } = await both(url, headers);
        expect(same(fast), `${url} ${JSON.stringify(headers)}`).toEqual(same(full));
      }
      const { full, fast, early } = await both(url, BROWSER);
      expect(full.status, url).toBe(200);
      expect(fast).toEqual(full);
      expect(early, `${url} answered early`).toBe(true);
    }
  });

  it('carries helmet’s headers, the page policy and HSTS like any other answer', async () => {
    const page = await both('/', { ...BROWSER, 'x-forwarded-proto': 'https' });
    expect(page.early).toBe(true);
    const lines = page.fast.headers.join('\n');
    for (const line of [
      'X-Frame-Options: SAMEORIGIN',
      'X-Content-Type-Options: nosniff',
      'Referrer-Policy: strict-origin-when-cross-origin',
      'Cross-Origin-Opener-Policy: same-origin-allow-popups',
      'strict-transport-security: max-age=31536000; includeSubDomains',
      'content-encoding: br',
      'vary: Accept-Encoding',
    ]) {
      expect(lines).toContain(line);
    }
    expect(lines).toMatch(/content-security-policy: default-src 'self';.*upgrade-insecure-requests/);
    const json = await both('/trpc/catalog.home', BROWSER);
    expect(json.early).toBe(true);
    expect(json.fast.headers.join('\n')).toContain('X-Frame-Options: SAMEORIGIN');
    expect(json.fast.headers.join('\n')).not.toContain('content-security-policy');
  });

  it('answers revalidation as the full path does: 304 for any of the entry’s tags, 200 otherwise', async () => {
    for (const url of urls()) {
      const first = await wire(url, BROWSER);
      const etag = first.headers.find((l) => l.startsWith('etag: '))?.slice('etag: '.length) ?? '';
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const plainTag = etag.replace(/-(br|gzip)"$/, '"');
      for (const ifNoneMatch of [etag, `W/${etag}`, `"zzz", ${etag}`, plainTag, '*', '"zzz"']) {
        const { full, fast } = await both(url, { ...BROWSER, 'if-none-match': ifNoneMatch });
        expect(fast, `${url} ${ifNoneMatch}`).toEqual(full);
        expect(fast.status).toBe(ifNoneMatch === '"zzz"' ? 200 : 304);
      }
    }
  });

  it('leaves HEAD, body-bearing and streaming requests to the full path', async () => {
    const head = await both('/trpc/catalog.home', BROWSER, 'HEAD');
    expect(head.early).toBe(false);
    expect(head.fast).toEqual(head.full);
    expect(head.fast.headers).toContain('cache-control: no-store');
    const multipart = await wire('/trpc/catalog.home', { ...BROWSER, 'content-type': 'multipart/form-data; boundary=x' });
    expect(multipart.status).toBe(415);
    const encoded = await wire('/api/products/list.php', { ...BROWSER, 'content-encoding': 'xyz' });
    expect(encoded.status).toBe(415);
    const streaming = await both('/trpc/catalog.home', { ...BROWSER, 'trpc-accept': 'application/jsonl' });
    // tRPC itself answers a streaming client (its Vary names trpc-accept), never the cached JSON.
    expect(streaming.fast).toEqual(streaming.full);
    expect(streaming.fast.headers.join('\n')).toMatch(/^vary: trpc-accept/im);
  });

  it('never answers for a locked store, and follows every write', async () => {
    for (const url of urls()) await wire(url, BROWSER);
    expect((await both('/api/products/list.php', BROWSER)).early).toBe(true);
    await c.post('/settings/update.php', { store_locked: '1', store_unlock_password: 'abre-te' });
    for (const url of urls()) {
      const visitor = await both(url, BROWSER);
      expect(visitor.early, url).toBe(false);
      expect(visitor.fast.body.toString('latin1')).not.toContain('Vestido Floral');
    }
    expect((await wire('/api/products/list.php', BROWSER)).status).toBe(423);
    expect((await wire('/trpc/catalog.home', BROWSER)).status).toBe(403);
    const page = await wire('/', {});
    expect(page.headers).toContain('cache-control: private, no-store');
    expect(page.body.toString()).toContain('Digite a senha para desbloquear o acesso à loja.');

    await c.post('/settings/update.php', { store_locked: '0' });
    await c.post('/api/products/create.php', { title: 'Saia Midi', price: '89.90' });
    const list = await wire('/api/products/list.php', {});
    expect(list.body.toString()).toContain('Saia Midi');
    const again = await both('/api/products/list.php', {});
    expect(again.early).toBe(true);
    expect(again.fast.body.toString()).toContain('Saia Midi');
  });
});
