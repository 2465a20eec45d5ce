import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../helpers/generated-catalogue.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** 3,000 products without a collection: the home shows 8 and links to their own paged listing. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await generateCatalogue(t.db, { count: 0, withoutCollection: 3000 });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const cards = (html: string) => [...html.matchAll(/<article\b/g)].length;

describe('featured products at merchant scale', () => {
  it('the home shows the first 8 and a link to the rest; its HTML does not grow with the catalogue', async () => {
    const home = (await get('/trpc/catalog.home')).json().result.data as { featured: { title: string }[]; featured_has_more: boolean };
    expect(home.featured.map((p) => p.title)).toEqual(Array.from({ length: 8 }, (_, i) => `Produto 0000${i + 1}`));
    expect(home.featured_has_more).toBe(true);
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(cards(page.body)).toBe(8);
    expect(page.body).toMatch(/<a [^>]*href="\/destaques"[^>]*>Ver mais/);
    expect(brotliCompressSync(page.body).length).toBeLessThanOrEqual(20 * 1024);
  });

  it('/destaques lists them all, a page at a time, sorted and filtered like a collection', async () => {
    const first = await get('/destaques');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<h1');
    expect(first.body).toMatch(/<h1[^>]*>Produtos em destaque<\/h1>/);
    expect(cards(first.body)).toBe(24);
    expect(first.body).toContain('<link rel="canonical" href="http://localhost/destaques"');
    const second = await get('/destaques?pagina=2');
    // Page 2 alone: every URL draws one page of cards, whichever page it opens at.
    expect(cards(second.body)).toBe(24);
    expect(second.body).toContain('<link rel="canonical" href="http://localhost/destaques?pagina=2"');
    expect(second.body).toMatch(/<a [^>]*href="\/destaques"[^>]*>Ver anteriores/);
    const cheap = (
      await get(`/trpc/catalog.collectionPage?input=${encodeURIComponent(JSON.stringify({ slug: '', sort: 'preco-asc' }))}`)
    ).json().result.data as { total: number; products: { price: string }[]; collection: { slug: string } };
    expect(cheap.total).toBe(3000);
    expect(cheap.collection.slug).toBe('');
    expect(cheap.products[0]?.price).toBe('10.00');
  });

  it('a collection page never shows the featured products, and an empty featured list has no link', async () => {
    const other = await createTestApp();
    try {
      const home = (await other.app.inject({ method: 'GET', url: '/trpc/catalog.home' })).json().result.data;
      expect(home).toMatchObject({ featured: [], featured_has_more: false });
      expect((await other.app.inject({ method: 'GET', url: '/' })).body).not.toContain('href="/destaques"');
    } finally {
      await other.close();
    }
  });
});
