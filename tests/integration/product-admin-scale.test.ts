import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderListInput, productListInput } from '../../client/admin/first-reads.ts';
import { createCaller } from '../../server/trpc/router.ts';
import { NO_COLLECTION_FILTER, PRODUCT_ADMIN } from '../../shared/product-admin.ts';
import { ADMIN_SEARCH_VECTOR } from '../../src/catalog/product-admin-list.ts';
import { generateCatalogue } from '../helpers/big-catalogue.ts';
import { ADMIN_USER, contextFor } from '../helpers/context.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

/**
 * The admin at merchant scale (issue 16): 20,000 products, 1,500 of them in one collection and
 * 3,000 without a collection. Every list answer is one bounded page; a move sends one product's
 * new place and shifts the others in one statement.
 */
const TOTAL = 20_000;
const BIG = 1_500;
const FEATURED = 3_000;

let t: TestApp;
let grande: number;
let resto: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ grande, resto } = await generateCatalogue(t.db, { total: TOTAL, big: BIG, featured: FEATURED }));
}, 120_000);
afterAll(async () => {
  await t.close();
});

const admin = () => createCaller({ app: contextFor(t.db, ADMIN_USER), http: null });
const sql = <T>(text: string, params: unknown[] = []): Promise<T[]> => t.db.fork().getConnection().execute(text, params);

/** The ids of a list in its order, with their stored positions. */
async function listOrder(collectionId: number | null) {
  return sql<{ id: number; position: number }>(
    `select id, position from products where ${collectionId === null ? 'collection_id is null' : `collection_id = ${collectionId}`} order by position, id`,
  );
}

function expectDense(rows: { position: number }[]) {
  expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
}

/** The statements that write products while `run` runs (every SQL statement goes through the connection's execute). */
async function productWrites(run: () => Promise<unknown>): Promise<string[]> {
  const conn = t.db.fork().getConnection();
  const spy = vi.spyOn(conn, 'execute');
  try {
    await run();
    return spy.mock.calls.map((c) => String(c[0])).filter((s) => /\b(update|insert\s+into|delete\s+from)\s+"?products"?\s/i.test(s));
  } finally {
    spy.mockRestore();
  }
}

describe(`products.adminPage over ${TOTAL.toLocaleString('en')} products`, () => {
  it('answers one page of slim rows with the total, 50 by default, never more than 100', async () => {
    const first = await admin().products.adminPage({});
    expect(first.items).toHaveLength(PRODUCT_ADMIN.pageSize);
    expect(first).toMatchObject({ total: TOTAL, page: 1, limit: 50, next_page: 2 });
    expect(Object.keys(first.items[0] ?? {}).sort()).toEqual(
      ['collection_id', 'id', 'old_price', 'position', 'price', 'slug', 'thumb_url', 'title'].sort(),
    );
    const big = await admin().products.adminPage({ limit: 100, page: 3 });
    expect(big.items).toHaveLength(100);
    await expect(admin().products.adminPage({ limit: 101 })).rejects.toThrow();
    await expect(admin().products.adminPage({ limit: 20_000 })).rejects.toThrow();
  });

  it('pages through a collection in its order, the last page without a next one', async () => {
    const p1 = await admin().products.adminPage({ collection_id: grande, limit: 100 });
    expect(p1.total).toBe(BIG);
    expect(p1.items.map((p) => p.title).slice(0, 3)).toEqual(['Produto 1', 'Produto 2', 'Produto 3']);
    const last = await admin().products.adminPage({ collection_id: grande, limit: 100, page: 15 });
    expect(last.items).toHaveLength(100);
    expect(last.items.at(-1)?.title).toBe('Produto 1500');
    expect(last.next_page).toBeNull();
    const past = await admin().products.adminPage({ collection_id: grande, limit: 100, page: 16 });
    expect(past).toMatchObject({ items: [], total: BIG, next_page: null });
  });

  it("filters the products without a collection ('none') and by collection", async () => {
    const none = await admin().products.adminPage({ collection_id: 'none' });
    expect(none.total).toBe(FEATURED);
    expect(none.items.every((p) => p.collection_id === null)).toBe(true);
    const rest = await admin().products.adminPage({ collection_id: resto });
    expect(rest.total).toBe(TOTAL - BIG - FEATURED);
  });

  it('searches title and slug words, accents and case ignored, with the collection filter', async () => {
    const byTitle = await admin().products.adminPage({ q: 'AÇAÍ' });
    expect(byTitle.total).toBe(TOTAL / 1000);
    expect(byTitle.items.every((p) => p.title.startsWith('Camisa Açaí'))).toBe(true);
    const bySlug = await admin().products.adminPage({ q: 'camisa-acai-7000' });
    expect(bySlug.items.map((p) => p.slug)).toEqual(['camisa-acai-7000']);
    const prefix = await admin().products.adminPage({ q: 'produto 1234' });
    expect(prefix.items.map((p) => p.title).sort()).toEqual(
      [
        'Produto 1234',
        'Produto 12340',
        'Produto 12341',
        'Produto 12342',
        'Produto 12343',
        'Produto 12344',
        'Produto 12345',
        'Produto 12346',
        'Produto 12347',
        'Produto 12348',
        'Produto 12349',
      ].sort(),
    );
    const inGrande = await admin().products.adminPage({ q: 'acai', collection_id: grande });
    expect(inGrande.items.map((p) => p.title)).toEqual(['Camisa Açaí 1000']);
    const blank = await admin().products.adminPage({ q: '   ' });
    expect(blank.total).toBe(TOTAL);
    // Typed, but nothing in it a title or slug could hold: nothing found, not the whole catalogue.
    for (const q of ['%', '😀', '—', "'"]) {
      const none = await admin().products.adminPage({ q });
      expect([none.total, none.items.length], q).toEqual([0, 0]);
    }
  });

  it('the search is planned on products_admin_search_idx, not a scan of every product', async () => {
    const plan = await sql<{ 'QUERY PLAN': string }>(
      `explain select id from products where ${ADMIN_SEARCH_VECTOR} @@ to_tsquery('simple', ?) order by position, id limit 50`,
      ['camisa:* & acai:*'],
    );
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('products_admin_search_idx');
    expect(text).not.toMatch(/Seq Scan on products/);
  });

  it('is for admins only', async () => {
    const visitor = createCaller({ app: contextFor(t.db), http: null });
    await expect(visitor.products.adminPage({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const res = await t.app.inject({ method: 'GET', url: '/trpc/products.adminPage?input=%7B%7D' });
    expect(res.statusCode).toBe(401);
  });
});

describe(`products.move in a ${BIG.toLocaleString('en')}-product collection`, () => {
  it('first to last, last to first and within the middle: dense, unique positions and one write', async () => {
    const before = await listOrder(grande);
    const ids = before.map((r) => r.id);
    const first = ids[0] ?? 0;
    let writes = await productWrites(() => admin().products.move({ id: first, position: BIG }));
    expect(writes).toHaveLength(1);
    let after = await listOrder(grande);
    expectDense(after);
    expect(after.map((r) => r.id)).toEqual([...ids.slice(1), first]);

    writes = await productWrites(() => admin().products.move({ id: first, position: 1 }));
    expect(writes).toHaveLength(1);
    after = await listOrder(grande);
    expectDense(after);
    expect(after.map((r) => r.id)).toEqual(ids);

    const mid = ids[899] ?? 0;
    await admin().products.move({ id: mid, position: 200 });
    after = await listOrder(grande);
    expectDense(after);
    const expected = ids.filter((id) => id !== mid);
    expected.splice(199, 0, mid);
    expect(after.map((r) => r.id)).toEqual(expected);

    await admin().products.move({ id: mid, position: 900 });
    expect((await listOrder(grande)).map((r) => r.id)).toEqual(ids);
  });

  it('a place past the end means last; the other lists do not move', async () => {
    const restBefore = await listOrder(resto);
    const ids = (await listOrder(grande)).map((r) => r.id);
    await admin().products.move({ id: ids[10] ?? 0, position: 999_999 });
    const after = await listOrder(grande);
    expectDense(after);
    expect(after.at(-1)?.id).toBe(ids[10]);
    expect(await listOrder(resto)).toEqual(restBefore);
    await admin().products.move({ id: ids[10] ?? 0, position: 11 });
  });

  it('moves within the featured list (no collection), making a list with gaps dense again', async () => {
    await sql('update products set position = position * 3 where collection_id is null');
    const ids = (await listOrder(null)).map((r) => r.id);
    const moved = ids[2500] ?? 0;
    await admin().products.move({ id: moved, position: 3 });
    const after = await listOrder(null);
    expectDense(after);
    const expected = ids.filter((id) => id !== moved);
    expected.splice(2, 0, moved);
    expect(after.map((r) => r.id)).toEqual(expected);
  });

  it('answers 404 for an unknown product and refuses a position below 1', async () => {
    await expect(admin().products.move({ id: 2_000_000, position: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(admin().products.move({ id: 1, position: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const visitor = createCaller({ app: contextFor(t.db), http: null });
    await expect(visitor.products.move({ id: 1, position: 2 })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('legacy /api/products/reorder.php with a whole big list', () => {
  const reorder = async (orders: unknown[]) => {
    const cookie = await loginCookie(t.app);
    return t.app.inject({ method: 'POST', url: '/api/products/reorder.php', headers: { cookie }, payload: { orders } });
  };

  it('keeps its contract for 3,000 items, written in one statement', async () => {
    const ids = (await listOrder(null)).map((r) => r.id);
    const reversed = [...ids].reverse();
    let res: Awaited<ReturnType<typeof reorder>> | undefined;
    const writes = await productWrites(async () => {
      res = await reorder(reversed.map((id, position) => ({ id, position })));
    });
    expect(res?.statusCode).toBe(200);
    expect(res?.json()).toEqual({ ok: true, message: 'Ordem atualizada' });
    expect(writes).toHaveLength(1);
    const after = await listOrder(null);
    expectDense(after);
    expect(after.map((r) => r.id)).toEqual(reversed);
  });

  it('takes a list past the old 1,000 cap, refuses one past its own cap, and changes nothing when an id is unknown', async () => {
    const before = await listOrder(grande);
    const unknown = await reorder([...before.map((r, i) => ({ id: r.id, position: BIG - i })), { id: 2_000_000, position: 0 }]);
    expect(unknown.statusCode).toBe(404);
    expect(await listOrder(grande)).toEqual(before);
    const tooMany = await reorder(Array.from({ length: PRODUCT_ADMIN.reorderMax + 1 }, (_, i) => ({ id: i + 1, position: i })));
    expect(tooMany.statusCode).toBe(400);
    expect(await listOrder(grande)).toEqual(before);
  });
});

describe("the admin shell carries a screen's first reads", () => {
  type Query = { queryKey: unknown[]; state: { data: unknown; status: string } };
  async function shellState(url: string, cookie?: string) {
    const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const json = /<script id="__STATE__" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
    const queries = (JSON.parse(json ?? '{"queries":[]}') as { queries: Query[] }).queries;
    const find = (path: string, input?: unknown) =>
      queries.find(
        (q) =>
          JSON.stringify(q.queryKey[0]) === JSON.stringify(path.split('.')) &&
          (input === undefined || JSON.stringify((q.queryKey[1] as { input?: unknown }).input) === JSON.stringify(input)),
      );
    return { paths: queries.map((q) => (q.queryKey[0] as string[]).join('.')).sort(), find };
  }

  it("'Produtos': the list's first page as the screen opens on it, with the collections and the settings", async () => {
    const cookie = await loginCookie(t.app);
    const shell = await shellState('/admin/produtos', cookie);
    expect(shell.paths).toEqual(['auth.me', 'collections.list', 'products.adminPage', 'settings.admin', 'shopify.status']);
    const list = shell.find('products.adminPage', productListInput({ page: 1 }))?.state.data as { items: unknown[]; total: number };
    expect(list.items).toHaveLength(PRODUCT_ADMIN.pageSize);
    expect(list.total).toBe(Number((await sql<{ n: string }>('select count(*) as n from products'))[0]?.n));
  });

  it("'Organizar Produtos': the featured list's first page; other screens: the settings only", async () => {
    const cookie = await loginCookie(t.app);
    const order = await shellState('/admin/organizar-produtos/', cookie);
    const list = order.find('products.adminPage', orderListInput(NO_COLLECTION_FILTER, 1))?.state.data as {
      items: unknown[];
      total: number;
    };
    expect(list.items).toHaveLength(PRODUCT_ADMIN.orderPageSize);
    expect(list.total).toBe(FEATURED);
    expect((await shellState('/admin/usuarios', cookie)).paths).toEqual(['auth.me', 'settings.admin']);
  });

  it('a signed-in account that is not an admin: who is signed in and nothing else', async () => {
    await admin().auth.createUser({ username: 'vendedor', password: 'senha-forte-123' });
    await sql("update admin_users set is_admin = false where username = 'vendedor'");
    const cookie = await loginCookie(t.app, { username: 'vendedor', password: 'senha-forte-123' });
    const shell = await shellState('/admin/produtos', cookie);
    expect(shell.paths).toEqual(['auth.me']);
    expect(shell.find('auth.me')?.state.data).toMatchObject({ authenticated: true, is_admin: false });
  });

  it('signed out: who is signed in and nothing else', async () => {
    const shell = await shellState('/admin/produtos');
    expect(shell.paths).toEqual(['auth.me']);
    expect(shell.find('auth.me')?.state.data).toMatchObject({ authenticated: false });
  });
});
