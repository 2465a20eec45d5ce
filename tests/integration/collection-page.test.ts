import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSearch, parseCollectionSearch } from '../../client/storefront/collection/collection-search.ts';
import { createCaller } from '../../server/trpc/router.ts';
import type { CollectionPageDto } from '../../shared/catalog.ts';
import { FEATURED_SLUG } from '../../shared/catalog-paths.ts';
import { LIMITS } from '../../shared/limits.ts';
import { contextFor } from '../helpers/context.ts';
import { insertCollection } from '../helpers/fixtures.ts';
import { watchStatements } from '../helpers/statements.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Row = { id: number; title: string; price: number; old_price: number | null; position: number; created: number };

let t: TestApp;
let rows: Row[] = [];
const caller = () => createCaller({ app: contextFor(t.db), http: null });
const page = async (input: object) => {
  const data = await caller().catalog.collectionPage({ slug: 'roupas', ...input } as never);
  if (!data) throw new Error('no page');
  return data;
};
const titles = (d: CollectionPageDto) => d.products.map((p) => p.title);
/** Every product of the collection, pages 1..2 (30 products, page size 24). */
const all = (input: object) => page({ ...input, cursor: { from: 1, to: 2 } });

// Accented and mixed-case names, so the name order shows the collation at work.
const NAMED = ['Zebra', 'Égua', 'abacaxi', 'Acerola', 'eixo', 'Óculos', 'ovo'];

beforeAll(async () => {
  t = await createTestApp();
  const id = await insertCollection(t.db, 'Roupas', 'roupas', 1);
  const hidden = await insertCollection(t.db, 'Antiga', 'antiga', 2);
  await insertCollection(t.db, 'Vazia', 'vazia', 3);
  const conn = t.db.fork().getConnection();
  await conn.execute('update collections set active = false where id = ?', [hidden]);
  await conn.execute("insert into products (title, slug, price, collection_id) values ('Oculta', 'oculta', 10, ?)", [hidden]);
  for (let i = 0; i < 30; i++) {
    const title = NAMED[i] ?? `Produto ${String(i).padStart(2, '0')}`;
    const price = [50, 19.9, 150, 50, 99.99, 150.01, 10][i % 7] as number;
    // On sale: old > price; equal or lower old prices are not a sale.
    const old = i % 3 === 0 ? price + 20 : i % 3 === 1 ? price : null;
    const created = (i * 7) % 30; // days ago, not in id order; ties exist
    const position = 29 - i;
    const [row] = await conn.execute<{ id: number }[]>(
      `insert into products (title, slug, price, old_price, collection_id, position, created_at)
       values (?, ?, ?, ?, ?, ?, now() - (? * interval '1 day')) returning id`,
      [title, `p-${i}`, price.toFixed(2), old === null ? null : old.toFixed(2), id, position, created],
    );
    rows.push({ id: row?.id ?? 0, title, price, old_price: old, position, created });
  }
  // Two products share the newest timestamp: the id breaks the tie.
  await conn.execute('update products set created_at = (select created_at from products where id = ?) where id = ?', [
    rows[0]?.id,
    rows[10]?.id,
  ]);
  rows = rows.map((r) => (r.id === rows[10]?.id ? { ...r, created: rows[0]?.created ?? 0 } : r));
});
afterAll(async () => {
  await t?.close();
});

const byId = (a: Row, b: Row) => a.id - b.id;
const expected = (sorter: (a: Row, b: Row) => number, keep: (r: Row) => boolean = () => true) =>
  rows
    .filter(keep)
    .sort((a, b) => sorter(a, b) || byId(a, b))
    .map((r) => r.title);

describe('catalog.collectionPage: sort orders', () => {
  it('sorts by the owner’s position by default', async () => {
    expect(titles(await all({}))).toEqual(expected((a, b) => a.position - b.position));
  });

  it('sorts by price up and down, ties by id', async () => {
    expect(titles(await all({ sort: 'preco-asc' }))).toEqual(expected((a, b) => a.price - b.price));
    expect(titles(await all({ sort: 'preco-desc' }))).toEqual(expected((a, b) => b.price - a.price));
  });

  it('sorts by name accent- and case-aware (ICU root collation)', async () => {
    const names = titles(await all({ sort: 'nome' }));
    expect(names.filter((n) => NAMED.includes(n))).toEqual(['abacaxi', 'Acerola', 'Égua', 'eixo', 'Óculos', 'ovo', 'Zebra']);
    const collator = new Intl.Collator('und');
    expect(names).toEqual(expected((a, b) => collator.compare(a.title, b.title)));
  });

  it('sorts newest first by creation time, ties by the newer id', async () => {
    const newest = expected((a, b) => a.created - b.created || b.id - a.id);
    expect(titles(await all({ sort: 'novidades' }))).toEqual(newest);
  });
});

describe('catalog.collectionPage: filters', () => {
  it('keeps prices within inclusive bounds and counts after filters', async () => {
    const d = await all({ sort: 'preco-asc', min: 50, max: 150 });
    const keep = (r: Row) => r.price >= 50 && r.price <= 150;
    expect(titles(d)).toEqual(expected((a, b) => a.price - b.price, keep));
    expect(d.total).toBe(rows.filter(keep).length);
    expect(d.products.every((p) => Number(p.price) >= 50 && Number(p.price) <= 150)).toBe(true);
  });

  it('on sale means old price above the price; combines with the price bounds', async () => {
    const sale = await all({ on_sale: true });
    expect(titles(sale)).toEqual(
      expected(
        (a, b) => a.position - b.position,
        (r) => r.old_price !== null && r.old_price > r.price,
      ),
    );
    const cheapSale = await all({ on_sale: true, max: 50 });
    expect(cheapSale.total).toBe(rows.filter((r) => r.old_price !== null && r.old_price > r.price && r.price <= 50).length);
  });

  it('answers the collection’s whole price range whatever the filters', async () => {
    for (const d of [await page({}), await page({ min: 100, on_sale: true })]) {
      expect(d.price_range).toEqual({ min: '10.00', max: '150.01' });
    }
  });

  it('swaps bounds given the wrong way round', async () => {
    const d = await all({ min: 150, max: 50 });
    expect(d.total).toBe(rows.filter((r) => r.price >= 50 && r.price <= 150).length);
  });

  it('an unmatched filter answers no products, a zero count and still the price range', async () => {
    const d = await page({ min: 1000 });
    expect(d).toMatchObject({ products: [], total: 0, has_more: false, price_range: { min: '10.00', max: '150.01' } });
  });
});

describe('catalog.collectionPage: paging', () => {
  it('pages hold LIMITS.collectionPageSize products, and pages 1..2 equal page 1 then page 2', async () => {
    const size = LIMITS.collectionPageSize;
    const one = await page({ sort: 'preco-asc', cursor: { from: 1, to: 1 } });
    const two = await page({ sort: 'preco-asc', cursor: { from: 2, to: 2 } });
    expect(one).toMatchObject({ total: 30, has_more: true });
    expect(one.products).toHaveLength(size);
    expect(two).toMatchObject({ total: 30, has_more: false });
    expect(two.products).toHaveLength(30 - size);
    expect(titles(await all({ sort: 'preco-asc' }))).toEqual([...titles(one), ...titles(two)]);
    expect(new Set([...one.products, ...two.products].map((p) => p.id)).size).toBe(30);
  });

  it('a page past the end is empty, without more', async () => {
    expect(await page({ cursor: { from: 3, to: 3 } })).toMatchObject({ products: [], total: 30, has_more: false });
  });
});

describe('catalog.collectionPage: bad input is normalised, never an error', () => {
  it('ignores an unknown sort, negative or absurd bounds, a wrong on-sale flag and a bad cursor', async () => {
    const plain = titles(await page({}));
    for (const bad of [
      { sort: 'preco' },
      { min: -5, max: 1e13 },
      { on_sale: 'sim' },
      { cursor: { from: 0, to: 1 } },
      { cursor: { from: 2, to: 1 } },
      { cursor: { from: 1, to: LIMITS.collectionMaxPages + 1 } },
      { cursor: 'x' },
    ]) {
      const d = await page(bad);
      expect(titles(d), JSON.stringify(bad)).toEqual(plain);
      expect(d.total).toBe(30);
    }
  });

  it('over HTTP, text where numbers belong answers 200 with the defaults', async () => {
    const input = { slug: 'roupas', sort: 42, min: 'abc', max: '', on_sale: 'x', cursor: { from: 'a' } };
    const res = await t.app.inject({
      method: 'GET',
      url: `/trpc/catalog.collectionPage?input=${encodeURIComponent(JSON.stringify(input))}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toMatchObject({ total: 30, has_more: true });
  });
});

describe('catalog.collectionPage: which collections', () => {
  it('answers null for an inactive or unknown collection', async () => {
    expect(await caller().catalog.collectionPage({ slug: 'antiga' } as never)).toBeNull();
    expect(await caller().catalog.collectionPage({ slug: 'nao-existe' } as never)).toBeNull();
  });

  it('reads a page in one statement by a live slug or for the featured listing; an old slug takes one more to find its collection', async () => {
    const conn = t.db.fork().getConnection();
    const [roupas] = await conn.execute<{ id: number }[]>("select id from collections where slug = 'roupas'");
    await conn.execute("insert into slug_history (kind, slug, collection_id) values ('collection', 'roupas-velhas', ?)", [roupas?.id]);
    await conn.execute("insert into products (title, slug, price) values ('Destaque', 'destaque-1', 12.5)");
    const statements = watchStatements(t.db);
    // The statements over the catalogue (this caller has no shared settings row: it reads settings too).
    const catalogue = async () => (await statements.seen()).filter((sql) => /\b(products|collections|slug_history)\b/.test(sql)).length;
    try {
      const live = await page({ sort: 'preco-desc', max: 100 });
      expect(await catalogue()).toBe(1);
      statements.clear();
      const featured = await caller().catalog.collectionPage({ slug: FEATURED_SLUG } as never);
      expect(await catalogue()).toBe(1);
      expect(featured).toMatchObject({ total: 1, products: [{ title: 'Destaque' }], price_range: { min: '12.50', max: '12.50' } });
      statements.clear();
      const old = await caller().catalog.collectionPage({ slug: 'roupas-velhas', sort: 'preco-desc', max: 100 } as never);
      expect(await catalogue()).toBe(3); // the slug, its history, the page
      // The same page as by its current slug, which it names (the client moves there).
      expect(old).toEqual(live);
      // Cards carry no description (only the product page shows it).
      expect(live.products[0]).not.toHaveProperty('description');
    } finally {
      statements.restore();
      await conn.execute("delete from slug_history where slug = 'roupas-velhas'");
      await conn.execute("delete from products where slug = 'destaque-1'");
    }
  });

  it('an empty collection has no price range', async () => {
    const d = await caller().catalog.collectionPage({ slug: 'vazia' } as never);
    expect(d).toMatchObject({ collection: { name: 'Vazia' }, products: [], total: 0, has_more: false, price_range: null });
  });
});

describe('collection page URL', () => {
  it('reads the documented parameters and writes them back canonically', () => {
    const q = new URLSearchParams('ordem=preco-desc&min=49,90&max=150&promocao=1&pagina=3');
    const { filters, page: n } = parseCollectionSearch(q);
    expect(filters).toEqual({ sort: 'preco-desc', min: 49.9, max: 150, on_sale: true });
    expect(n).toBe(3);
    expect(collectionSearch(filters, n)).toBe('?ordem=preco-desc&min=49.9&max=150&promocao=1&pagina=3');
    expect(collectionSearch({ sort: 'posicao', on_sale: false })).toBe('');
  });

  it('normalises bad values to the defaults', () => {
    const q = new URLSearchParams('ordem=barato&min=-3&max=dez&promocao=talvez&pagina=0');
    expect(parseCollectionSearch(q)).toEqual({ filters: { sort: 'posicao', on_sale: false }, page: 1 });
    expect(parseCollectionSearch(new URLSearchParams('min=200&max=1.234,50&pagina=9999999'))).toEqual({
      filters: { sort: 'posicao', min: 200, max: 1234.5, on_sale: false },
      page: LIMITS.collectionLastPage,
    });
    expect(parseCollectionSearch(new URLSearchParams('pagina=120')).page).toBe(120);
    expect(parseCollectionSearch(new URLSearchParams('min=300&max=100')).filters).toMatchObject({ min: 100, max: 300 });
  });
});

describe('server-rendered collection page', () => {
  const state = (html: string) => JSON.parse(/<script id="__STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');

  it('renders page `pagina` alone, in the URL’s sort and filters, with the query the page reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/colecao/roupas?ordem=nome&pagina=2&min=abc' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Roupas | ');
    const names = [...res.body.matchAll(/<article[^>]*>.*?<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
    expect(names).toEqual(titles(await all({ sort: 'nome' })).slice(LIMITS.collectionPageSize));
    // The heading outline has no gaps (screen readers navigate by it): the title's h1, the cards' h2s.
    const levels = [...res.body.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    for (const [i, level] of levels.entries()) {
      expect(level, `heading ${i + 1} of ${levels.join(',')}`).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1);
    }
    const queries = state(res.body).queries as { queryKey: [string[], { input: object; type: string }]; state: { data: unknown } }[];
    const page = queries.find((q) => q.queryKey[0].join('.') === 'catalog.collectionPage');
    expect(page?.queryKey[1]).toEqual({ input: { slug: 'roupas', sort: 'nome', on_sale: false }, type: 'infinite' });
    expect(page?.state.data).toMatchObject({ pageParams: [{ from: 2, to: 2 }] });
    // Its own page for search engines (the sort is a view of it), and a real link to the one before.
    expect(res.body).toMatch(/<link rel="canonical" href="[^"]*\/colecao\/roupas\?pagina=2">/);
    expect(res.body).toMatch(/<a [^>]*href="\/colecao\/roupas\?ordem=nome"[^>]*>Ver anteriores<\/a>/);
    expect(res.body).not.toContain('Ver mais');
  });

  it('renders the first page without a link back, its canonical the collection itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/colecao/roupas?ordem=nome' });
    const names = [...res.body.matchAll(/<article[^>]*>.*?<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
    expect(names).toEqual(titles(await all({ sort: 'nome' })).slice(0, LIMITS.collectionPageSize));
    expect(res.body).toMatch(/<link rel="canonical" href="[^"]*\/colecao\/roupas">/);
    expect(res.body).not.toContain('Ver anteriores');
    expect(res.body).toMatch(/<a [^>]*href="\/colecao\/roupas\?ordem=nome&amp;pagina=2"[^>]*>Ver mais<\/a>/);
  });

  it('a page past the last shows no products and a link back to the last page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/colecao/roupas?pagina=7' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<article');
    expect(res.body).not.toContain('Nenhum produto encontrado com esses filtros');
    expect(res.body).toMatch(/<a [^>]*href="\/colecao\/roupas\?pagina=2"[^>]*>Ver anteriores<\/a>/);
    expect(res.body).toMatch(/<link rel="canonical" href="[^"]*\/colecao\/roupas">/);
  });

  it('answers 404 for an inactive or unknown collection, whatever the query', async () => {
    for (const url of ['/colecao/antiga', '/colecao/nao-existe?ordem=nome&pagina=3']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Coleção não encontrada');
    }
  });
});
