import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeDto, HomeSectionsDto } from '../../shared/catalog.ts';
import { LIMITS } from '../../shared/limits.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * A shop with more collections than the home carries: the page holds the first
 * LIMITS.homeSectionsPerPage sections and a 'Ver mais coleções' button; the others come a page at
 * a time from catalog.homeSections, in the same order, empty and inactive collections left out.
 */
let c: AdminApi;
const size = LIMITS.homeSectionsPerPage;
/** Collections with products, in the order the home shows them (sort_order). */
const shown: string[] = [];

beforeAll(async () => {
  c = await adminApi(await createTestApp());
  const sql = (q: string) => c.t.db.fork().getConnection().execute(q);
  // 20 collections with products (sort order 20 down to 1), one inactive and one empty among them.
  await sql(`insert into collections (name, slug, sort_order, active)
    select 'Coleção ' || g, 'colecao-' || g, 21 - g, true from generate_series(1, 20) g`);
  await sql(
    `insert into collections (name, slug, sort_order, active) values ('Inativa', 'inativa', 5, false), ('Vazia', 'vazia', 6, true)`,
  );
  await sql(`insert into products (title, slug, price, position, collection_id)
    select 'Produto ' || c.slug || '-' || n, c.slug || '-' || n, 10, n, c.id
      from collections c, generate_series(1, 5) n where c.slug <> 'vazia'`);
  for (let g = 20; g >= 1; g--) shown.push(`colecao-${g}`);
}, 60_000);
afterAll(async () => {
  await c.t.close();
});

const sections = async (cursor?: number): Promise<HomeSectionsDto> =>
  (await c.get(`/trpc/catalog.homeSections?input=${encodeURIComponent(JSON.stringify(cursor === undefined ? {} : { cursor }))}`)).json()
    .result.data;

describe('the home carries a page of collection sections; the others load when asked', () => {
  it('the home: the first page of sections, their first 4 products, and where the next page starts', async () => {
    const home: HomeDto = (await c.get('/trpc/catalog.home')).json().result.data;
    expect(home.sections.map((s) => s.collection.slug)).toEqual(shown.slice(0, size));
    expect(home.sections_next).toBe(size);
    expect(home.sections[0]?.products.map((p) => p.title)).toEqual([1, 2, 3, 4].map((n) => `Produto ${shown[0]}-${n}`));
    expect(home.sections[0]?.has_more).toBe(true);
    // A card carries its first photo's address and nothing of the product page (description, gallery).
    expect(Object.keys(home.sections[0]?.products[0] ?? {})).not.toContain('images');
    expect(Object.keys(home.sections[0]?.products[0] ?? {})).not.toContain('description');

    const page = (await c.get('/')).body;
    expect([...page.matchAll(/<section [^>]*aria-labelledby="home-collection-/g)]).toHaveLength(size);
    expect(page).toMatch(/<button [^>]*>Ver mais coleções<\/button>/);
  });

  it("the header's nav links to the first collections and offers 'Todas as coleções' for the rest, on every page", async () => {
    for (const path of ['/', `/colecao/${shown[0]}`, `/produto/${shown[0]}-1`]) {
      const html = (await c.get(path)).body;
      const nav = /<nav [^>]*aria-label="Navegação principal"[^>]*>(.*?)<\/nav>/.exec(html)?.[1] ?? '';
      const links = [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      expect(links).toEqual(['/', ...shown.slice(0, LIMITS.headerNavCollections).map((slug) => `/colecao/${slug}`)]);
      expect(nav).toMatch(/<button [^>]*aria-haspopup="dialog"[^>]*>Todas as coleções<\/button>/);
    }
    // The state still carries every collection: the menu it opens lists them all.
    const collections = (await c.get('/trpc/catalog.collections')).json().result.data as { slug: string }[];
    expect(collections.filter((x) => shown.includes(x.slug))).toHaveLength(shown.length);
  });

  it('catalog.homeSections pages through the rest in order, then says there is no more', async () => {
    const second = await sections(size);
    expect(second.sections.map((s) => s.collection.slug)).toEqual(shown.slice(size, 2 * size));
    expect(second.next).toBe(2 * size);
    const last = await sections(2 * size);
    expect(last.sections.map((s) => s.collection.slug)).toEqual(shown.slice(2 * size));
    expect(last.next).toBeNull();
    expect((await sections(100)).sections).toEqual([]);
    expect((await sections()).sections.map((s) => s.collection.slug)).toEqual(shown.slice(0, size));
    const bad = await c.get(`/trpc/catalog.homeSections?input=${encodeURIComponent(JSON.stringify({ cursor: -1 }))}`);
    expect(bad.statusCode).toBe(400);
  });

  it('a shop whose collections fit on the home has no button', async () => {
    const other = await createTestApp();
    try {
      await other.db
        .fork()
        .getConnection()
        .execute(`insert into collections (name, slug, sort_order, active) values ('Única', 'unica', 1, true)`);
      await other.db
        .fork()
        .getConnection()
        .execute(`insert into products (title, slug, price, position, collection_id)
        select 'Produto', 'produto', 10, 1, id from collections where slug = 'unica'`);
      const home: HomeDto = (await other.app.inject({ method: 'GET', url: '/trpc/catalog.home' })).json().result.data;
      expect(home.sections.map((s) => s.collection.slug)).toEqual(['unica']);
      expect(home.sections_next).toBeNull();
      const page = (await other.app.inject({ method: 'GET', url: '/' })).body;
      expect(page).not.toContain('Ver mais coleções');
      expect(page).not.toContain('Todas as coleções');
    } finally {
      await other.close();
    }
  });

  it('a product renamed in a later section shows its new name there on the very next request', async () => {
    const before = await sections(size);
    const first = before.sections[0]?.products[0];
    expect(first?.title).toBe(`Produto ${shown[size]}-1`);
    const renamed = await c.postForm('/api/products/update.php', { id: String(first?.id), title: 'Camiseta renomeada' });
    expect(renamed.statusCode).toBe(200);
    const after = await sections(size);
    expect(after.sections[0]?.products[0]).toMatchObject({ id: first?.id, title: 'Camiseta renomeada' });
  });
});
