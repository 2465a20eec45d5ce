import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyUrl, pageUrl, queryOf } from '../../server/public-cache/keys.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/** Links shared on Instagram, WhatsApp ads or newsletters carry tracking parameters: one page each, not one per click. */
let c: AdminApi;
let collection = '';
beforeAll(async () => {
  c = await adminApi(await createTestApp());
  collection = (await c.post('/api/collections/create.php', { name: 'Vestidos' })).json().collection?.slug ?? 'vestidos';
  await c.postForm('/api/products/create.php', { title: 'Vestido Floral', price: '159.90', collection_id: '1' });
});
afterAll(async () => {
  await c.t.close();
});

const get = (url: string) => c.t.app.inject({ method: 'GET', url });

describe('page cache keys', () => {
  it('leave out tracking parameters and order the rest', () => {
    expect(pageUrl('/')).toBe('/');
    expect(pageUrl('/?fbclid=IwAR3x&utm_source=instagram&utm_medium=social')).toBe('/');
    expect(pageUrl('/colecao/vestidos?utm_campaign=verao&ordem=nome&gclid=abc&min=50')).toBe('/colecao/vestidos?min=50&ordem=nome');
    expect(pageUrl('/colecao/vestidos?ordem=nome&min=50')).toBe(pageUrl('/colecao/vestidos?min=50&ordem=nome'));
    expect(pageUrl('/produto/x?msclkid=1&ttclid=2&_gl=3&igshid=4&srsltid=5')).toBe('/produto/x');
  });

  it('keep only the parameters the page reads: a collection page its sort, filters and page, other pages none', () => {
    expect(pageUrl('/produto/x?cb=123&ref=abc&ordem=nome')).toBe('/produto/x');
    expect(pageUrl('/?pagina=2&x=1')).toBe('/');
    expect(pageUrl('/informacoes-legais?lang=en')).toBe('/informacoes-legais');
    expect(pageUrl('/colecao/vestidos?cb=1&promocao=1&ordem=nome&pagina=2&max=90&min=10&x=y')).toBe(
      '/colecao/vestidos?max=90&min=10&ordem=nome&pagina=2&promocao=1',
    );
    expect(pageUrl('/destaques?pagina=3&nocache=1')).toBe('/destaques?pagina=3');
    expect(pageUrl('/colecao/vestidos?cb=1')).toBe('/colecao/vestidos');
  });

  it('a page asked with tracking parameters is the cached page, built once, with nothing of them in it', async () => {
    const first = await get('/');
    expect(first.statusCode).toBe(200);
    const entries = c.t.app.publicCache.size.entries;
    for (const url of [
      '/?fbclid=IwAR3xYz',
      '/?utm_source=whatsapp&utm_medium=ads&utm_campaign=black-friday',
      '/?gclid=Cj0KCQ',
      '/?cb=1234',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(first.body);
      expect(res.body).not.toMatch(/fbclid|utm_|gclid|IwAR3xYz|cb=1234/);
    }
    expect(c.t.app.publicCache.size.entries).toBe(entries);

    const sorted = await get(`/colecao/${collection}?ordem=nome&promocao=1`);
    const tracked = await get(`/colecao/${collection}?utm_source=instagram&promocao=1&fbclid=x&ordem=nome&cb=42`);
    expect(tracked.statusCode).toBe(200);
    expect(tracked.body).toBe(sorted.body);
  });
});

describe('read cache keys (tRPC and .php reads)', () => {
  it('keep a tRPC read its batch and input, a .php read the parameters it declares, in name order', () => {
    expect(keyUrl('trpc', '/trpc/catalog.home')).toBe('/trpc/catalog.home');
    expect(keyUrl('trpc', '/trpc/catalog.home?_=1700000000000')).toBe('/trpc/catalog.home');
    expect(keyUrl('trpc', '/trpc/a,b?input=%7B%7D&batch=1&cb=9')).toBe('/trpc/a,b?batch=1&input=%7B%7D');
    expect(keyUrl('legacy', '/api/products/get.php?_=1&id=3', ['id', 'slug'])).toBe('/api/products/get.php?id=3');
    expect(keyUrl('legacy', '/api/products/list.php?offset=2&limit=5', ['q', 'limit', 'offset'])).toBe(
      '/api/products/list.php?limit=5&offset=2',
    );
    expect(keyUrl('legacy', '/api/banners/list.php?_=1')).toBe('/api/banners/list.php');
    // Already in that form: the same string, not parsed again (every hit of the storefront's own reads).
    const asked = '/trpc/catalog.products?batch=1&input=%7B%220%22%3A%7B%7D%7D';
    expect(keyUrl('trpc', asked)).toBe(asked);
    // An encoded name is the name it decodes to.
    expect(keyUrl('legacy', '/api/products/get.php?i%64=3&x=1', ['id'])).toBe('/api/products/get.php?id=3');
    // The router ends the path at a fragment (never sent by a browser): so does the key.
    expect(keyUrl('legacy', '/api/reviews/list.php#product_id=1?_=1', ['product_id'])).toBe('/api/reviews/list.php');
    expect(pageUrl('/produto/x#y?utm_source=z')).toBe('/produto/x');
  });

  it("a read asked with a cache-buster (jQuery's `_=`) or any other parameter is the cached answer, built once", async () => {
    const reads = [
      ['/api/products/get.php?id=1', '/api/products/get.php?_=1700000000001&id=1', '/api/products/get.php?id=1&utm_source=x'],
      ['/api/products/list.php?limit=1', '/api/products/list.php?limit=1&_=1700000000002'],
      ['/api/reviews/list.php?product_id=1', '/api/reviews/list.php?product_id=1&_=1700000000003'],
      ['/api/collections/list.php', '/api/collections/list.php?_=1700000000004'],
      ['/settings/get.php', '/settings/get.php?nocache=1'],
      ['/trpc/catalog.home', '/trpc/catalog.home?_=1700000000005'],
    ];
    for (const [first, ...others] of reads) {
      const answer = await get(first ?? '');
      expect(answer.statusCode, first).toBe(200);
      await get(first ?? ''); // asked twice: kept, whatever the cache's admission
      const entries = c.t.app.publicCache.size.entries;
      for (const url of others) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(answer.body);
      }
      expect(c.t.app.publicCache.size.entries, first).toBe(entries);
    }
  });

  it("gives a .php read's handler the query of its key's URL, decoded as the key was", () => {
    const url = keyUrl('legacy', '/api/products/list.php?_=1&q=caf%C3&limit=2&limit=3&x=1', ['q', 'limit']);
    expect(url).toBe('/api/products/list.php?limit=2&limit=3&q=caf%EF%BF%BD');
    // A broken escape is U+FFFD for the key and for the handler alike (Fastify's parser keeps `%C3`).
    expect(queryOf(url)).toEqual({ limit: ['2', '3'], q: 'caf\uFFFD' });
    expect(queryOf('/api/products/get.php?slug=a+b&id=')).toEqual({ slug: 'a b', id: '' });
    expect(queryOf('/api/banners/list.php')).toEqual({});
  });

  it('keeps what a read declares apart: another product is another answer', async () => {
    await c.postForm('/api/products/create.php', { title: 'Vestido Listrado', price: '99.90', collection_id: '1' });
    const one = (await get('/api/products/get.php?id=1&_=5')).json();
    const two = (await get('/api/products/get.php?_=5&id=2')).json();
    expect(one.product?.title ?? one.title).toBe('Vestido Floral');
    expect(two.product?.title ?? two.title).toBe('Vestido Listrado');
    expect((await get('/api/products/get.php?_=5')).statusCode).toBe(400);
  });
});
