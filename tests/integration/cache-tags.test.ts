import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { TEST_DATABASE_URL } from '../helpers/pg.ts';
import { createTestApp, loginCookie } from '../helpers/test-app.ts';

/**
 * A write drops what it touched and nothing more (server/public-cache/tags.ts): a price change of
 * product A is visible on the very next request on every page that shows A (its page, its
 * collection's page, home, search, list.php, the sitemap), while product B's page, B's collection
 * page, the featured listing and B's reads stay cached. The same holds for a write made straight
 * in the database, past the shop (the change triggers), and signing in or out drops nothing.
 */
let c: AdminApi;
const s = { a: 0, b: 0, colA: '', colB: '', slugA: '', slugB: '' };

beforeAll(async () => {
  c = await adminApi(await createTestApp());
  const colA = (await c.post('/api/collections/create.php', { name: 'Camisetas' })).json();
  const colB = (await c.post('/api/collections/create.php', { name: 'Bonés' })).json();
  const pa = (await c.postForm('/api/products/create.php', { title: 'Camiseta Azul', price: '89.90', collection_id: colA.id })).json();
  const pb = (await c.postForm('/api/products/create.php', { title: 'Boné Verde', price: '49.90', collection_id: colB.id })).json();
  await c.postForm('/api/products/create.php', { title: 'Meia Listrada', price: '19.90' });
  Object.assign(s, {
    a: pa.id,
    b: pb.id,
    colA: colA.collection.slug,
    colB: colB.collection.slug,
    slugA: pa.product.slug,
    slugB: pb.product.slug,
  });
});
afterAll(async () => {
  await c.t.close();
});

const input = (v: unknown) => encodeURIComponent(JSON.stringify(v));
/** Answers that show product A (their URL → text A's new price shows in). */
const showingA = () => ({
  [`/produto/${s.slugA}`]: 'page',
  [`/colecao/${s.colA}`]: 'page',
  '/': 'page',
  [`/trpc/catalog.products?input=${input({ q: 'camiseta' })}`]: 'json',
  '/api/products/list.php': 'json',
  [`/api/products/get.php?id=${s.a}`]: 'json',
  '/sitemap.xml': 'sitemap',
});
/** Answers that do not show product A. */
const notShowingA = () => [
  `/produto/${s.slugB}`,
  `/colecao/${s.colB}`,
  '/destaques',
  `/api/products/get.php?id=${s.b}`,
  `/api/reviews/list.php?product_id=${s.b}`,
  `/api/products/images/list.php?product_id=${s.b}`,
  '/api/top_headers/list.php',
  '/robots.txt',
];

/** The URL part of the cached keys. */
const cachedUrls = () => new Set(c.t.app.publicCache.keys().map((k) => k.split('\u0000')[3]));

async function warm(): Promise<void> {
  for (const url of [...Object.keys(showingA()), ...notShowingA()]) {
    const res = await c.get(url);
    expect(res.statusCode, url).toBe(200);
  }
  const urls = cachedUrls();
  for (const url of [...Object.keys(showingA()), ...notShowingA()]) expect(urls.has(url), url).toBe(true);
}

/** Every answer showing A shows `price` (pages as R$ 12,34, JSON as "12.34"); the sitemap changed since `sitemapBefore`. */
async function expectPriceEverywhere(price: string, sitemapBefore: string): Promise<void> {
  for (const [url, kind] of Object.entries(showingA())) {
    const body = (await c.get(url)).body;
    if (kind === 'sitemap') expect(body, url).not.toBe(sitemapBefore);
    else if (kind === 'page') expect(body, url).toContain(price.replace('.', ','));
    else expect(body, url).toContain(`"${price}"`);
  }
}

function expectOnlyAffectedDropped(): void {
  const urls = cachedUrls();
  for (const url of Object.keys(showingA())) expect(urls.has(url), `${url} dropped`).toBe(false);
  for (const url of notShowingA()) expect(urls.has(url), `${url} kept`).toBe(true);
}

describe('a product write drops what shows the product, nothing else', () => {
  it('an admin price change: visible at once on every page showing it; the rest stays cached', async () => {
    await warm();
    const sitemap = (await c.get('/sitemap.xml')).body;
    const entries = c.t.app.publicCache.size.entries;
    const res = await c.postForm('/api/products/update.php', { id: s.a, price: '79.90' });
    expect(res.statusCode).toBe(200);
    expectOnlyAffectedDropped();
    expect(c.t.app.publicCache.size.entries).toBe(entries - Object.keys(showingA()).length);
    await expectPriceEverywhere('79.90', sitemap);
  });

  it('a product moved to another collection drops both collection pages', async () => {
    await warm();
    const colB = (await c.get('/api/collections/list.php')).json().find((x: { slug: string }) => x.slug === s.colB).id;
    await c.postForm('/api/products/update.php', { id: s.a, collection_id: colB });
    const urls = cachedUrls();
    expect(urls.has(`/colecao/${s.colA}`)).toBe(false);
    expect(urls.has(`/colecao/${s.colB}`)).toBe(false);
    expect(urls.has(`/produto/${s.slugB}`)).toBe(true);
    expect(urls.has('/destaques')).toBe(true);
    expect((await c.get(`/colecao/${s.colB}`)).body).toContain('Camiseta Azul');
    expect((await c.get(`/colecao/${s.colA}`)).body).not.toContain('Camiseta Azul');
  });

  it('signing in and out, and admin reads, drop nothing', async () => {
    await warm();
    const before = [...cachedUrls()].sort();
    const cookie = await loginCookie(c.t.app);
    await c.t.app.inject({ method: 'GET', url: '/auth/me.php', headers: { cookie } });
    await c.t.app.inject({ method: 'POST', url: '/auth/logout.php', headers: { cookie } });
    await c.t.app.inject({ method: 'POST', url: '/auth/login.php', payload: { username: 'admin', password: 'errada' } });
    expect([...cachedUrls()].sort()).toEqual(before);
  });
});

describe('a refused public read', () => {
  it('a cached "not found" goes when that product appears', async () => {
    const url = `/trpc/catalog.product?input=${input({ slug: 'caneca-nova' })}`;
    expect((await c.get(url)).statusCode).toBe(404);
    expect(cachedUrls().has(url)).toBe(true);
    const created = await c.postForm('/api/products/create.php', { title: 'Caneca Nova', price: '39.90' });
    expect(created.json().product.slug).toBe('caneca-nova');
    expect(cachedUrls().has(url)).toBe(false);
    const res = await c.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Caneca Nova');
  });
});

describe('a write made straight in the database, past the shop', () => {
  it('through another client (PostgreSQL) or the database handle itself (PGlite) invalidates what it touched', async () => {
    // Back where the first case expects it.
    await c.sql('update products set collection_id = (select id from collections where slug = ?) where id = ?', [s.colA, s.a]);
    await c.t.app.publicCacheSynced();
    await warm();
    const sitemap = (await c.get('/sitemap.xml')).body;
    const sql = `update products set price = 59.90, updated_at = now() + interval '1 second' where id = ${s.a}`;
    if (TEST_DATABASE_URL) {
      const url = (c.t.db.changes as { url: string }).url;
      const operator = new pg.Client({ connectionString: url });
      await operator.connect();
      try {
        await operator.query(sql);
      } finally {
        await operator.end();
      }
      // Another connection's commit reaches this process as a notification, a moment later.
      const until = Date.now() + 3000;
      while (cachedUrls().has(`/produto/${s.slugA}`) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    } else {
      // PGlite: the native client, not the ORM; its notifications are delivered before the statement returns.
      const native = await (c.t.db.fork().getConnection() as unknown as { getNativeClient(): Promise<pg.Client> }).getNativeClient();
      await native.query(sql);
    }
    expectOnlyAffectedDropped();
    await expectPriceEverywhere('59.90', sitemap);
  });

  it('a bulk change too large to name its rows drops every product entry, and a settings change everything', async () => {
    await warm();
    await c.sql("insert into products (title, slug, price) select 'Lote ' || i, 'lote-' || i, 1 from generate_series(1, 1500) i");
    await c.t.app.publicCacheSynced(); // on PostgreSQL, notices of this pool connection arrive on the LISTEN one
    const urls = cachedUrls();
    for (const url of [`/produto/${s.slugB}`, `/colecao/${s.colB}`, '/destaques', `/api/products/get.php?id=${s.b}`]) {
      expect(urls.has(url), url).toBe(false);
    }
    expect(urls.has('/api/top_headers/list.php')).toBe(true);
    await c.sql("update settings set site_title = 'Loja Nova'");
    await c.t.app.publicCacheSynced();
    expect(c.t.app.publicCache.size.entries).toBe(0);
  });
});

describe('the change triggers', () => {
  it('cover every table but sessions, admin users, sign-in throttling, idempotency keys and migrations', async () => {
    const rows = await c.sql<{ table_name: string; n: number }>(
      `select t.table_name, count(g.tgname)::int as n
         from information_schema.tables t
         left join pg_trigger g on g.tgrelid = (quote_ident(t.table_schema) || '.' || quote_ident(t.table_name))::regclass
          and g.tgname like 'shop_changes_%'
        where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        group by t.table_name order by t.table_name`,
    );
    type Row = { table_name: string; n: number };
    const without = (rows as Row[]).filter((r) => r.n !== 4).map((r) => r.table_name);
    expect(without.sort()).toEqual(['admin_users', 'auth_throttle', 'idempotency_keys', 'mikro_orm_migrations', 'sessions']);
  });
});
