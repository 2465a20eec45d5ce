import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSearchSql, toPrefixQuery } from '../../src/catalog/search.ts';
import { watchStatements } from '../helpers/statements.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Search at shop scale: 100,000 products written straight in SQL, then the search the overlay
 * sends. The plan must use products_search_idx (GIN on to_tsvector('simple', search_text)).
 */
let t: TestApp;
const N = 100_000;

beforeAll(async () => {
  t = await createTestApp();
  const conn = t.db.fork().getConnection();
  // Every 10,000th product is a "raridade"; the rest share a handful of common words.
  await conn.execute(`
    insert into products (title, slug, description, price, position, search_text)
    select 'Produto ' || g, 'produto-' || g, '', 10.00, g,
           'produto ' || g || ' ' || (array['camiseta', 'caneca', 'bone', 'meia', 'acai'])[1 + g % 5]
             || case when g % 10000 = 0 then ' raridade' else '' end
    from generate_series(1, ${N}) g`);
  await conn.execute('analyze products');
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe(`search over ${N.toLocaleString('en')} products`, () => {
  it('the search statement is planned on products_search_idx', async () => {
    const query = toPrefixQuery('RARID') ?? '';
    const { sql, params } = productSearchSql(query, undefined, 8);
    const conn = t.db.fork().getConnection();
    const plan = await conn.execute<{ 'QUERY PLAN': string }[]>(`explain ${sql}`, params);
    const text = plan.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('products_search_idx');
    expect(text).not.toMatch(/Seq Scan on products/);
  });

  it('both search indexes take new entries in place, with no pending list for every search to read', async () => {
    const conn = t.db.fork().getConnection();
    const rows = await conn.execute<{ relname: string; reloptions: string[] | null }[]>(
      "select relname, reloptions from pg_class where relname in ('products_search_idx', 'products_admin_search_idx') order by relname",
    );
    expect(rows).toEqual([
      { relname: 'products_admin_search_idx', reloptions: ['fastupdate=off'] },
      { relname: 'products_search_idx', reloptions: ['fastupdate=off'] },
    ]);
  });

  // How fast is the bench's to say (npm run bench), not a timed test's.
  it('answers the overlay (limit=8) for a rare word and for a common prefix', async () => {
    const get = (q: string) => t.app.inject({ method: 'GET', url: `/api/products/list.php?q=${encodeURIComponent(q)}&limit=8` });
    const rare = await get('rarid');
    expect(rare.json().map((p: { title: string }) => p.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Produto ${(i + 1) * 10_000}`).slice(0, 8),
    );
    const common = await get('Camis');
    expect(common.json()).toHaveLength(8);
    expect(common.json()[0]).toMatchObject({ title: 'Produto 5', position: 5 });
  });

  it('reads a page of results, the products with their galleries, in one statement', async () => {
    await t.app.inject({ method: 'GET', url: '/trpc/settings.get' }); // the reads every answer shares are known
    const statements = watchStatements(t.db);
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/trpc/catalog.products?input=${encodeURIComponent(JSON.stringify({ q: 'cane 4', limit: 8 }))}`,
      });
      expect(res.statusCode).toBe(200);
      const titles = res.json().result.data.map((p: { title: string }) => p.title);
      // 'caneca' is every product g with g % 5 = 1; '4' starts the words 4, 41, 401...
      const expected = Array.from({ length: N }, (_, i) => i + 1).filter((g) => g % 5 === 1 && String(g).startsWith('4'));
      expect(titles).toEqual(expected.slice(0, 8).map((g) => `Produto ${g}`));
      expect((await statements.seen()).filter((sql) => /\bproducts\b/.test(sql))).toHaveLength(1);
    } finally {
      statements.restore();
    }
  });
});
