import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * What the shop's public cache keeps, as `npm start` runs it (server/public-cache/admission.ts): an
 * answer from its key's second ask. A page asked once (a crawler's visit) is answered and not kept;
 * asked again it is kept, and then answered from memory. The other integration tests keep every
 * first ask (tests/helpers/test-app.ts) to test what a kept entry does.
 */
let c: AdminApi;
const slugs: string[] = [];
beforeAll(async () => {
  // The shop's admission, with room for 12 entries: a sweep shows what it pushes out.
  c = await adminApi(await createTestApp({}, { cacheLimits: { keepFirstAsk: false, maxEntries: 12 } }));
  for (let i = 0; i < 30; i++) {
    slugs.push((await c.postForm('/api/products/create.php', { title: `Caneca ${i}`, price: `${20 + i}.00` })).json().product.slug);
  }
});
afterAll(async () => {
  await c.t.close();
});

const get = (url: string) => c.t.app.inject({ method: 'GET', url });
const cachedUrls = () => new Set(c.t.app.publicCache.keys().map((k) => k.split('\u0000')[3]));

/** Asks `url`; `built` says whether the answer was built for it (false: answered from memory). */
async function ask(url: string): Promise<{ status: number; built: boolean }> {
  const cache = c.t.app.publicCache;
  const get = cache.get.bind(cache);
  let built = false;
  const spy = vi.spyOn(cache, 'get').mockImplementation((key, build, encodings) =>
    get(
      key,
      () => {
        built = true;
        return build();
      },
      encodings,
    ),
  );
  const res = await c.t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
  spy.mockRestore();
  return { status: res.statusCode, built };
}

describe('the shop keeps an answer from its second ask', () => {
  it('a page and a read asked once are answered and not kept; asked again, kept and then served from memory', async () => {
    for (const url of [`/produto/${slugs[0]}`, '/api/products/list.php?limit=5', '/trpc/catalog.home']) {
      expect(await ask(url), url).toEqual({ status: 200, built: true });
      expect(cachedUrls().has(url), `${url} after one ask`).toBe(false);
      expect(await ask(url), url).toEqual({ status: 200, built: true });
      expect(cachedUrls().has(url), `${url} after two asks`).toBe(true);
      expect(await ask(url), `${url} third ask`).toEqual({ status: 200, built: false });
    }
  });

  it('a sweep of pages asked once does not push out the pages asked again', async () => {
    await get('/');
    await get('/');
    expect(cachedUrls().has('/')).toBe(true);
    for (const slug of slugs) expect((await get(`/produto/${slug}`)).statusCode).toBe(200);
    const kept = cachedUrls();
    expect(kept.has('/')).toBe(true);
    // Only the product asked twice in the case before is among them.
    expect(slugs.filter((s) => kept.has(`/produto/${s}`))).toEqual([slugs[0]]);
  });

  it('a write is visible on the very next request, and the page it dropped is kept again at its next ask', async () => {
    const url = `/produto/${slugs[0]}`;
    expect(cachedUrls().has(url)).toBe(true);
    const res = await c.postForm('/api/products/update.php', { id: 1, price: '99.90' });
    expect(res.statusCode).toBe(200);
    expect(cachedUrls().has(url)).toBe(false);
    expect((await get(url)).body).toContain('99,90');
    expect(cachedUrls().has(url)).toBe(true);
    expect(await ask(url)).toEqual({ status: 200, built: false });
  });
});
