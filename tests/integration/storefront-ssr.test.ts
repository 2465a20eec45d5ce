import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { settledSharedRead } from '../../server/public-cache/shared-reads.ts';
import type { HomeDto } from '../../shared/catalog.ts';
import { watchStatements } from '../helpers/statements.ts';
import { createDemoTestApp, createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let home: HomeDto;
beforeAll(async () => {
  t = await createDemoTestApp();
  home = (await t.app.inject({ method: 'GET', url: '/trpc/catalog.home' })).json().result.data;
});
afterAll(async () => {
  await t.close();
});

const esc = (s: string) => s.replace(/&/g, '&amp;');
const state = (html: string) => JSON.parse(/<script id="__STATE__" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');

type ShellQuery = { queryKey: [string[], unknown]; state: { data: unknown } };

/** The reads the admin shell carries for `cookie`'s session ('Produtos'), by path. */
async function shellReads(cookie?: string): Promise<Map<string, unknown>> {
  const res = await t.app.inject({ method: 'GET', url: '/admin/produtos', headers: cookie ? { cookie } : {} });
  expect(res.headers['cache-control']).toBe('no-store');
  return new Map((state(res.body)?.queries ?? []).map((q: ShellQuery) => [q.queryKey[0].join('.'), q.state.data]));
}

/** What the admin shell says about who is signed in (its `auth.me` state). */
const shellMe = async (cookie?: string) => (await shellReads(cookie)).get('auth.me');

describe('server-rendered storefront', () => {
  it('renders a collection page with a sort, filter and page nobody asked for with one statement', async () => {
    await t.app.inject({ method: 'GET', url: '/' });
    const section = home.sections[0];
    expect(section).toBeDefined();
    const statements = watchStatements(t.db);
    try {
      const res = await t.app.inject({ method: 'GET', url: `/colecao/${section?.collection.slug}?ordem=preco-desc&max=9999` });
      expect(res.statusCode).toBe(200);
      expect(await statements.seen()).toHaveLength(1);
      const page = (
        state(res.body).queries as { queryKey: unknown[]; state: { data: { pages: { products: { title: string; price: string }[] }[] } } }[]
      ).find((q) => JSON.stringify(q.queryKey[0]) === '["catalog","collectionPage"]');
      const prices = page?.state.data.pages[0]?.products.map((p) => Number(p.price)) ?? [];
      expect(prices.length).toBeGreaterThan(1);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      for (const p of page?.state.data.pages[0]?.products ?? []) expect(res.body).toContain(esc(p.title));
    } finally {
      statements.restore();
    }
  });

  it('renders a product page nobody asked for with one statement: the product, its gallery and its reviews', async () => {
    await t.app.inject({ method: 'GET', url: '/' }); // the reads every page shares (settings, layout, menu) are known
    const reviewed = await t.db
      .fork()
      .getConnection()
      .execute<{ slug: string; n: number }[]>(
        'select p.slug, count(*)::int as n from products p join reviews r on r.product_id = p.id group by p.slug order by n desc limit 1',
      );
    const { slug, n } = reviewed[0] ?? { slug: '', n: 0 };
    expect(n).toBeGreaterThan(0);
    const statements = watchStatements(t.db);
    try {
      const res = await t.app.inject({ method: 'GET', url: `/produto/${slug}` });
      expect(res.statusCode).toBe(200);
      expect(await statements.seen()).toEqual([expect.stringMatching(/from products p where p\.slug = (\?|\$1)/)]);
      const reviews = (state(res.body).queries as { queryKey: unknown[]; state: { data: { reviews: unknown[] } } }[]).find(
        (q) => JSON.stringify(q.queryKey[0]) === '["reviews","list"]',
      );
      expect(reviews?.state.data.reviews).toHaveLength(n);
      // The stars are read out as the page writes the average: a decimal comma in Portuguese.
      const spoken = [...res.body.matchAll(/role="img" aria-label="([^"]*) \/ 5"/g)].map((m) => m[1]);
      expect(spoken.length).toBeGreaterThan(n);
      for (const value of spoken) expect(value).toMatch(/^[0-5](,\d)?$/);
      const average = res.body.match(/<strong[^>]*>(\d,\d)<\/strong>/)?.[1];
      expect(spoken).toContain(average?.endsWith(',0') ? average.slice(0, 1) : average);
    } finally {
      statements.restore();
    }
  });

  it('renders a page without calling the layout reads the public cache already shares (settings, layout, menu)', async () => {
    await t.app.inject({ method: 'GET', url: '/' }); // the shared reads are loaded
    const product = home.sections[0]?.products[1] ?? home.featured[1];
    expect(product).toBeDefined();
    for (const read of ['settings.get', 'content.layout', 'catalog.collections'])
      expect(settledSharedRead(t.app.publicCache, read)).toBeDefined();
    const memo = vi.spyOn(t.app.publicCache, 'taggedMemo');
    const statements = watchStatements(t.db);
    try {
      const res = await t.app.inject({ method: 'GET', url: `/produto/${product?.slug}` });
      expect(res.statusCode).toBe(200);
      // Rendered now (not answered from the page cache): its one statement ran.
      expect(await statements.seen()).toEqual([expect.stringMatching(/from products p where p\.slug = (\?|\$1)/)]);
      // A shared read asked for through tRPC goes through its memo (public-cache/shared-reads.ts); seeded, none does.
      const asked = memo.mock.calls.map((c) => String(c[0]).replace('\u0000', ' '));
      expect(asked.filter((name) => /settings\.get|content\.layout|catalog\.collections/.test(name))).toEqual([]);
      // Their data is on the page all the same: the menu's collections and the settings in the state to hydrate.
      for (const s of home.sections) expect(res.body).toContain(esc(s.collection.name));
      const keys = (state(res.body).queries as { queryKey: unknown[] }[]).map((q) => JSON.stringify(q.queryKey[0]));
      expect(keys).toEqual(expect.arrayContaining(['["settings","get"]', '["content","layout"]', '["catalog","collections"]']));
    } finally {
      memo.mockRestore();
      statements.restore();
    }
  });

  it('renders the home with every featured and section product, and the state to hydrate', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const names = [...home.featured, ...home.sections.flatMap((s) => s.products)].map((p) => p.title);
    expect(names.length).toBeGreaterThan(8);
    for (const name of names) expect(res.body).toContain(esc(name));
    expect(res.body).toContain('<html lang="pt-BR"');
    const keys = (state(res.body).queries as { queryKey: unknown[] }[]).map((q) => JSON.stringify(q.queryKey[0]));
    expect(keys).toEqual(
      expect.arrayContaining([
        '["settings","get"]',
        '["content","layout"]',
        '["catalog","collections"]',
        '["catalog","home"]',
        '["content","banners"]',
      ]),
    );
  });

  it('shows "view more" only for collections with more than 4 products (spec §2)', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/' })).body;
    for (const s of home.sections) {
      expect(s.products.length).toBeLessThanOrEqual(4);
      expect(body.includes(`href="/colecao/${s.collection.slug}"`)).toBe(true);
    }
    expect(home.sections.some((s) => s.has_more)).toBe(true);
    expect(body).toContain('Ver mais');
  });

  it('renders a product page with its title in <title> and the price in pt-BR format', async () => {
    const p = home.featured[0];
    if (!p) throw new Error('no featured product');
    const res = await t.app.inject({ method: 'GET', url: `/produto/${p.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${esc(p.title)} | Minha Loja</title>`);
    const [int, dec] = p.price.split('.');
    expect(res.body).toContain(`R$ ${Number(int).toLocaleString('pt-BR')},${dec}`);
    // The reviews block is rendered on the server too, from the same reviews.list query.
    const reviews = (await t.app.inject({ method: 'GET', url: `/api/reviews/list.php?product_id=${p.id}` })).json();
    expect(reviews.stats.total).toBeGreaterThanOrEqual(4);
    expect(res.body).toContain('Avaliações');
    expect(res.body).toContain(esc(reviews.reviews[0].reviewer_name));
  });

  it('answers an unknown product with 404 and the spec text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/produto/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Produto não encontrado');
    expect(res.body).toContain('← Voltar para a página inicial');
  });

  it('renders a collection page, and 404 for an unknown one', async () => {
    const s = home.sections[0];
    if (!s) throw new Error('no section');
    const res = await t.app.inject({ method: 'GET', url: `/colecao/${s.collection.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(esc(s.collection.name));
    expect((await t.app.inject({ method: 'GET', url: '/colecao/nada' })).statusCode).toBe(404);
  });

  it('counts a filter that leaves nothing as "0 produtos" (CLDR files 0 under "one" in Portuguese)', async () => {
    const s = home.sections[0];
    if (!s) throw new Error('no section');
    const res = await t.app.inject({ method: 'GET', url: `/colecao/${s.collection.slug}?max=0` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/>0 produtos</);
    expect(res.body).not.toMatch(/>0 produto</);
    const one = await t.app.inject({
      method: 'GET',
      url: `/colecao/${s.collection.slug}?min=${s.products[0]?.price}&max=${s.products[0]?.price}`,
    });
    expect(one.body).toMatch(/>1 produto</);
  });

  it('escapes data inside the state script', async () => {
    const cookie = await loginCookie(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/settings/update.php',
      headers: { cookie },
      payload: { site_title: 'Loja </script><script>alert(1)</script>' },
    });
    const body = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(body).not.toContain('<script>alert(1)');
    expect(state(body)).toBeTruthy();
    await t.app.inject({ method: 'POST', url: '/settings/update.php', headers: { cookie }, payload: { site_title: 'Minha Loja' } });
  });

  it('serves the admin as a client-rendered shell at /admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<script type="module" src="\/assets\/admin-[\w-]+\.js">/);
    expect(res.body).not.toMatch(/storefront-[\w-]+\.js/);
  });

  it("writes who is signed in into the admin shell, per request and never stored, so a screen's reads start at once", async () => {
    expect(await shellMe()).toEqual({ authenticated: false, is_admin: false });
    expect(await shellMe(await loginCookie(t.app))).toEqual({ authenticated: true, is_admin: true, username: 'admin' });
    expect(await shellMe('sid=not-a-session')).toEqual({ authenticated: false, is_admin: false });
  });

  it('builds pages and admin shells asked for at the same time each from its own request (one tRPC proxy serves every render)', async () => {
    const products = (await t.app.inject({ method: 'GET', url: '/api/products/list.php' })).json() as { slug: string; title: string }[];
    expect(products.length).toBeGreaterThan(5);
    const cookie = await loginCookie(t.app);
    t.app.publicCache.invalidate(); // every page is built now, while the others wait on the database
    const [pages, shells] = await Promise.all([
      Promise.all(products.map((p) => t.app.inject({ method: 'GET', url: `/produto/${p.slug}` }))),
      // Signed in and not, alternately, the last one not: a read made with another request's session shows.
      Promise.all(Array.from({ length: 7 }, (_, i) => shellReads(i % 2 ? cookie : undefined))),
    ]);
    products.forEach((p, i) => {
      const page = pages[i];
      expect(page?.statusCode).toBe(200);
      expect(page?.body).toContain(`<title>${esc(p.title)} | Minha Loja</title>`);
      const read = (state(page?.body ?? '').queries as { queryKey: unknown[]; state: { data: { slug: string } } }[]).find(
        (q) => JSON.stringify(q.queryKey[0]) === '["catalog","productPage"]',
      );
      expect(read?.state.data.slug).toBe(p.slug);
    });
    shells.forEach((reads, i) => {
      if (i % 2 === 0) {
        expect([...reads.keys()]).toEqual(['auth.me']);
        expect(reads.get('auth.me')).toEqual({ authenticated: false, is_admin: false });
        return;
      }
      expect(reads.get('auth.me')).toEqual({ authenticated: true, is_admin: true, username: 'admin' });
      // The screen's first reads, made after `auth.me` answered, with the signed-in request's session.
      expect([...reads.keys()].sort()).toEqual(['auth.me', 'collections.list', 'products.adminPage', 'settings.admin', 'shopify.status']);
    });
  });
});

describe('store lock (server-side)', () => {
  it('a visitor of a locked store gets the lock screen and no catalogue data anywhere', async () => {
    const cookie = await loginCookie(t.app);
    const lock = await t.app.inject({
      method: 'POST',
      url: '/settings/update.php',
      headers: { cookie },
      payload: { store_locked: '1', store_unlock_password: 'abre-te' },
    });
    expect(lock.statusCode).toBe(200);
    const product = home.featured[0]?.title ?? 'x';

    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('Sistema bloqueado pelo Goiano');
    expect(page.body).toContain('Digite a senha para desbloquear o acesso à loja.');
    expect(page.body).not.toContain(esc(product));

    const productPage = await t.app.inject({ method: 'GET', url: `/produto/${home.featured[0]?.slug}` });
    expect(productPage.body).not.toContain(esc(product));

    expect((await t.app.inject({ method: 'GET', url: '/trpc/catalog.home' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/trpc/content.banners' })).statusCode).toBe(403);
    const settings = (await t.app.inject({ method: 'GET', url: '/settings/get.php' })).json();
    expect(Object.keys(settings).sort()).toEqual(['favicon_url', 'locale', 'logo_url', 'site_title', 'store_locked']);

    // The admin still reaches the store.
    const asAdmin = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(asAdmin.body).toContain(esc(product));

    await t.app.inject({ method: 'POST', url: '/settings/update.php', headers: { cookie }, payload: { store_locked: '0' } });
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain(esc(product));
  });

  it('unlocks for the browser session with the right password only, rate limited', async () => {
    const cookie = await loginCookie(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/settings/update.php',
      headers: { cookie },
      payload: { store_locked: 1, store_unlock_password: 'abre-te' },
    });
    const unlock = (password: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/store.unlock',
        headers: { 'content-type': 'application/json', ...headers },
        payload: { password },
      });

    const wrong = await unlock('errada');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Senha incorreta');
    expect(wrong.cookies.find((c) => c.name === 'store_unlocked')).toBeUndefined();

    const right = await unlock('abre-te');
    expect(right.statusCode).toBe(200);
    const c = right.cookies.find((x) => x.name === 'store_unlocked');
    expect(c?.httpOnly).toBe(true);
    expect(c?.maxAge).toBeUndefined();
    expect(c?.expires).toBeUndefined();
    const visitor = { cookie: `store_unlocked=${c?.value}` };
    expect((await t.app.inject({ method: 'GET', url: '/trpc/catalog.home', headers: visitor })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/', headers: visitor })).body).toContain(esc(home.featured[0]?.title ?? 'x'));

    // A forged cookie opens nothing; a new password ends every earlier unlock.
    expect((await t.app.inject({ method: 'GET', url: '/trpc/catalog.home', headers: { cookie: 'store_unlocked=abc' } })).statusCode).toBe(
      403,
    );
    await t.app.inject({
      method: 'POST',
      url: '/settings/update.php',
      headers: { cookie },
      payload: { store_unlock_password: 'nova-senha' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/trpc/catalog.home', headers: visitor })).statusCode).toBe(403);

    let last = 0;
    for (let i = 0; i < 11; i++) last = (await unlock('chute')).statusCode;
    expect(last).toBe(429);
    await t.app.inject({ method: 'POST', url: '/settings/update.php', headers: { cookie }, payload: { store_locked: 0 } });
  });

  it('refuses to lock the store without an unlock password', async () => {
    const local = await createTestApp();
    try {
      const cookie = await loginCookie(local.app);
      const res = await local.app.inject({
        method: 'POST',
        url: '/settings/update.php',
        headers: { cookie },
        payload: { store_locked: 1 },
      });
      expect(res.statusCode).toBe(400);
    } finally {
      await local.close();
    }
  });
});
