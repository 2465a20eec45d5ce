import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { png } from '../helpers/images.ts';
import { formData } from '../helpers/multipart.ts';
import { createTestApp, loginCookie } from '../helpers/test-app.ts';

/**
 * Every admin write, through the legacy routes and tRPC, is visible on the very next storefront
 * request: the server-rendered pages and the public reads (legacy and tRPC) that were cached just
 * before the write answer what a fresh build answers, and the write did change them.
 */
let c: AdminApi;
/** Ids created along the way (the cases run in order, on one database). */
const s = {
  collection: 0,
  collectionSlug: '',
  product: 0,
  productSlug: '',
  other: 0,
  images: [] as number[],
  banner: 0,
  header: 0,
  icon: 0,
  section: 0,
  link: 0,
};

beforeAll(async () => {
  c = await adminApi(await createTestApp());
  const col = (await c.post('/api/collections/create.php', { name: 'Camisetas' })).json();
  s.collection = col.id;
  s.collectionSlug = col.collection?.slug ?? (await c.get('/api/collections/list.php')).json()[0].slug;
  const p = (await c.postForm('/api/products/create.php', { title: 'Camiseta Azul', price: '89.90', collection_id: s.collection })).json();
  s.product = p.id;
  s.productSlug = p.product.slug;
  s.other = (await c.postForm('/api/products/create.php', { title: 'Boné Verde', price: '49.90' })).json().id;
});
afterAll(async () => {
  await c.t.close();
});

const input = (v: unknown) => encodeURIComponent(JSON.stringify(v));
/** What the storefront and third parties read: pages, legacy reads and the tRPC batches the client sends. */
const witnesses = (): Record<string, string> => ({
  home: '/',
  productPage: `/produto/${s.productSlug}`,
  collectionPage: `/colecao/${s.collectionSlug}`,
  products: '/api/products/list.php',
  product: `/api/products/get.php?id=${s.product}`,
  collections: '/api/collections/list.php',
  images: `/api/products/images/list.php?product_id=${s.product}`,
  banners: '/api/banners/list.php',
  headers: '/api/top_headers/list.php',
  icons: '/api/footer_icons/list.php',
  sections: '/api/footer_sections/list.php',
  settings: '/settings/get.php',
  reviews: `/api/reviews/list.php?product_id=${s.product}`,
  layoutBatch: `/trpc/settings.get,content.layout,catalog.collections?batch=1&input=${input({})}`,
  homeBatch: `/trpc/catalog.home,content.banners?batch=1&input=${input({})}`,
  productBatch: `/trpc/catalog.productPage,reviews.list?batch=1&input=${input({ 0: { slug: s.productSlug }, 1: { product_id: s.product } })}`,
});

/** Query timestamps in the hydration state differ between renders of the same data. */
const normalise = (body: string) => body.replace(/"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g, '"$1":0');

async function readAll(): Promise<Record<string, string>> {
  // A renamed collection gets a new slug: follow it (a read, straight from the database).
  const [row] = await c.sql<{ slug: string }>('select slug from collections where id = ?', [s.collection]);
  s.collectionSlug = row?.slug ?? s.collectionSlug;
  const out: Record<string, string> = {};
  for (const [name, url] of Object.entries(witnesses())) {
    const res = await c.get(url);
    expect(res.statusCode, `${name} ${url}`).toBeLessThan(500);
    out[name] = normalise(res.body);
  }
  return out;
}

type Write = () => Promise<{ statusCode?: number; status?: number; body?: string; json?: () => unknown }>;

/**
 * Reads every witness (cached from the previous round), writes, reads again: the answers named in
 * `changes` must differ from before, and every answer must equal a fresh build's.
 */
async function visibleNext(write: Write, changes: string[]) {
  const before = await readAll();
  expect(c.t.app.publicCache.size.entries).toBeGreaterThanOrEqual(Object.keys(before).length);
  const res = await write();
  const status = res.statusCode ?? res.status ?? 0;
  expect(status, typeof res.body === 'string' ? res.body : '').toBe(200);
  const next = await readAll();
  c.t.app.publicCache.invalidate();
  const fresh = await readAll();
  // Compared as booleans: a failure names the answer without printing whole pages.
  const stale = Object.keys(fresh).filter((name) => next[name] !== fresh[name]);
  expect(stale, 'answers that differ from a fresh build after the write').toEqual([]);
  const unchanged = changes.filter((name) => next[name] === before[name]);
  expect(unchanged, 'answers the write should have changed').toEqual([]);
}

const trpcJson = async (res: Response) => ((await res.clone().json()) as { result: { data: Record<string, unknown> } }).result.data;

describe('legacy admin writes', () => {
  it('collections: create, update, reorder', async () => {
    await visibleNext(() => c.post('/api/collections/create.php', { name: 'Bonés' }), ['collections', 'layoutBatch', 'home']);
    await visibleNext(
      () => c.post('/api/collections/update.php', { id: s.collection, name: 'Camisetas Premium' }),
      ['collections', 'collectionPage', 'home'],
    );
    const ids = (await c.get('/api/collections/list.php')).json().map((x: { id: number }) => x.id) as number[];
    await visibleNext(
      () => c.post('/api/collections/reorder.php', { orders: ids.map((id, i) => ({ id, sort_order: ids.length - i })) }),
      ['collections', 'layoutBatch'],
    );
  });

  it('products: create, update, reorder', async () => {
    await visibleNext(() => c.postForm('/api/products/create.php', { title: 'Meia Listrada', price: '19.90' }), ['products', 'home']);
    await visibleNext(
      () => c.postForm('/api/products/update.php', { id: s.product, price: '79.90' }),
      ['product', 'products', 'productPage', 'collectionPage', 'productBatch'],
    );
    const ids = (await c.get('/api/products/list.php')).json().map((x: { id: number }) => x.id) as number[];
    await visibleNext(
      () => c.post('/api/products/reorder.php', { orders: ids.map((id, i) => ({ id, position: ids.length - i })) }),
      ['products'],
    );
  });

  it('product images: upload, reorder, delete', async () => {
    const files = [
      { field: 'files[]', name: 'a.png', data: await png('#112233') },
      { field: 'files[]', name: 'b.png', data: await png('#445566') },
    ];
    await visibleNext(
      () => c.postForm('/api/products/images/bulk_upload.php', { product_id: s.product }, files),
      ['images', 'productPage'],
    );
    s.images = (await c.get(`/api/products/images/list.php?product_id=${s.product}`)).json().images.map((i: { id: number }) => i.id);
    await visibleNext(
      () => c.post('/api/products/images/reorder.php', { product_id: s.product, order: [...s.images].reverse() }),
      ['images', 'productPage'],
    );
    await visibleNext(() => c.post(`/api/products/images/delete.php?id=${s.images[0]}`), ['images', 'productPage']);
  });

  it('banners: create, update, delete', async () => {
    const image = [{ field: 'image', name: 'banner.png', data: await png('#abcdef') }];
    await visibleNext(() => c.postForm('/api/banners/create.php', { title: 'Liquidação' }, image), ['banners', 'home', 'homeBatch']);
    s.banner = (await c.get('/api/banners/list.php')).json()[0].id;
    await visibleNext(() => c.postForm(`/api/banners/update.php?id=${s.banner}`, { title: 'Liquidação de inverno' }), ['banners', 'home']);
    await visibleNext(() => c.post('/api/banners/delete.php', { id: s.banner }), ['banners', 'home', 'homeBatch']);
  });

  it('top headers: create, update, delete', async () => {
    await visibleNext(() => c.post('/api/top_headers/create.php', { text: 'Frete grátis' }), ['headers', 'home', 'layoutBatch']);
    s.header = (await c.get('/api/top_headers/list.php')).json()[0].id;
    await visibleNext(
      () => c.post(`/api/top_headers/update.php?id=${s.header}`, { text: 'Frete grátis hoje' }),
      ['headers', 'productPage'],
    );
    await visibleNext(() => c.post('/api/top_headers/delete.php', { id: s.header }), ['headers', 'home']);
  });

  it('footer: icons (create, toggle, delete), sections and links', async () => {
    const image = [{ field: 'image', name: 'pix.png', data: await png('#00aa00') }];
    await visibleNext(() => c.postForm('/api/footer_icons/create.php', { alt_text: 'Pix' }, image), ['icons', 'home']);
    s.icon = (await c.get('/api/footer_icons/list.php')).json()[0].id;
    await visibleNext(() => c.post('/api/footer_icons/toggle.php', { id: s.icon, active: 0 }), ['icons', 'home']);
    await visibleNext(() => c.post('/api/footer_icons/delete.php', { id: s.icon }), ['icons']);
    await visibleNext(() => c.post('/api/footer_sections/create.php', { title: 'Institucional', sort_order: 1 }), ['sections', 'home']);
    s.section = (await c.get('/api/footer_sections/list.php')).json()[0].id;
    await visibleNext(
      () => c.post('/api/footer_links/create.php', { section_id: s.section, label: 'Sobre nós', url: '/sobre' }),
      ['sections', 'home'],
    );
    s.link = (await c.get('/api/footer_sections/list.php')).json()[0].links[0].id;
    await visibleNext(() => c.post(`/api/footer_links/update.php?id=${s.link}`, { label: 'Quem somos' }), ['sections', 'home']);
    await visibleNext(() => c.post('/api/footer_links/delete.php', { id: s.link }), ['sections', 'home']);
    await visibleNext(() => c.post('/api/footer_sections/delete.php', { id: s.section }), ['sections', 'home']);
  });

  it('settings and the reviews import', async () => {
    await visibleNext(() => c.post('/settings/update.php', { site_title: 'Loja do Zé' }), ['settings', 'home', 'layoutBatch']);
    const csv = 'nome,avaliacao,estrelas,cidade\nAna,Muito boa,5,Recife\nBia,Gostei,4,Natal\nCaio,Ótima,5,Olinda\nDu,Boa,4,Rio\n';
    const form = { field: 'csv', name: 'avaliacoes.csv', data: csv, type: 'text/csv' };
    await visibleNext(
      () => c.postForm('/api/reviews/import.php', { clear_existing: '1' }, [form]),
      ['reviews', 'productPage', 'productBatch'],
    );
  });

  it('deletes: a product, then a collection', async () => {
    await visibleNext(() => c.post('/api/products/delete.php', { id: s.other }), ['products', 'home']);
    const extra = (await c.post('/api/collections/create.php', { name: 'Temporária' })).json().id;
    await visibleNext(() => c.post('/api/collections/delete.php', { id: extra }), ['collections', 'layoutBatch']);
  });
});

describe('tRPC admin writes', () => {
  const ok = async (res: Awaited<ReturnType<AdminApi['trpcMutation']>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const form = async (path: string, f: FormData) => {
    const res = await c.trpcForm(path, f);
    return { status: res.status, body: await res.clone().text(), res };
  };

  it('collections: create, update, reorder, delete', async () => {
    let id = 0;
    await visibleNext(async () => {
      const res = await ok(await c.trpcMutation('collections.create', { name: 'Chapéus' }));
      id = res.json().result.data.collection.id;
      return res;
    }, ['collections', 'layoutBatch']);
    await visibleNext(
      () => c.trpcMutation('collections.update', { id: s.collection, name: 'Camisetas Básicas' }),
      ['collections', 'collectionPage'],
    );
    await visibleNext(() => c.trpcMutation('collections.reorder', { orders: [{ id, sort_order: 0 }] }), ['collections', 'layoutBatch']);
    await visibleNext(() => c.trpcMutation('collections.delete', { id }), ['collections', 'layoutBatch']);
  });

  it('products: create, update, reorder, delete', async () => {
    let id = 0;
    await visibleNext(async () => {
      const r = await form('products.create', formData({ title: 'Regata Branca', price: '39.90' }));
      id = (await trpcJson(r.res)).id as number;
      return r;
    }, ['products', 'home']);
    await visibleNext(
      () => form('products.update', formData({ id: s.product, price: '69.90' })),
      ['product', 'productPage', 'productBatch'],
    );
    await visibleNext(() => c.trpcMutation('products.reorder', { orders: [{ id, position: 999 }] }), ['products']);
    await visibleNext(() => c.trpcMutation('products.delete', { id }), ['products', 'home']);
  });

  it('product images: upload, reorder, delete', async () => {
    await visibleNext(
      async () =>
        form(
          'productImages.upload',
          formData({ product_id: s.product }, [
            { field: 'files', name: 'c.png', data: await png('#778899') },
            { field: 'files', name: 'd.png', data: await png('#998877') },
          ]),
        ),
      ['images', 'productPage'],
    );
    const ids = (await c.get(`/api/products/images/list.php?product_id=${s.product}`)).json().images.map((i: { id: number }) => i.id);
    await visibleNext(() => c.trpcMutation('productImages.reorder', { product_id: s.product, order: [...ids].reverse() }), ['images']);
    await visibleNext(() => c.trpcMutation('productImages.delete', { id: ids[0] }), ['images', 'productPage']);
  });

  it('banners: create, update, delete', async () => {
    let id = 0;
    await visibleNext(async () => {
      const r = await form(
        'banners.create',
        formData({ title: 'Outono' }, [{ field: 'image', name: 'o.png', data: await png('#ffaa00') }]),
      );
      id = (await trpcJson(r.res)).id as number;
      return r;
    }, ['banners', 'home', 'homeBatch']);
    await visibleNext(() => form('banners.update', formData({ id, title: 'Outono 2026' })), ['banners', 'home']);
    await visibleNext(() => c.trpcMutation('banners.delete', { id }), ['banners', 'homeBatch']);
  });

  it('top headers: create, update, delete', async () => {
    let id = 0;
    await visibleNext(async () => {
      const res = await ok(await c.trpcMutation('topHeaders.create', { text: 'Parcele em 12x' }));
      id = res.json().result.data.id;
      return res;
    }, ['headers', 'layoutBatch', 'home']);
    await visibleNext(() => c.trpcMutation('topHeaders.update', { id, text: 'Parcele em 10x' }), ['headers', 'collectionPage']);
    await visibleNext(() => c.trpcMutation('topHeaders.delete', { id }), ['headers', 'home']);
  });

  it('footer: icons, sections and links', async () => {
    let icon = 0;
    await visibleNext(async () => {
      const r = await form(
        'footer.createIcon',
        formData({ alt_text: 'Boleto' }, [{ field: 'image', name: 'b.png', data: await png('#0000aa') }]),
      );
      icon = (await trpcJson(r.res)).id as number;
      return r;
    }, ['icons', 'home']);
    await visibleNext(() => c.trpcMutation('footer.toggleIcon', { id: icon, active: 0 }), ['icons', 'home']);
    await visibleNext(() => c.trpcMutation('footer.deleteIcon', { id: icon }), ['icons']);
    let section = 0;
    await visibleNext(async () => {
      const res = await ok(await c.trpcMutation('footer.createSection', { title: 'Ajuda', sort_order: 2 }));
      section = res.json().result.data.id;
      return res;
    }, ['sections', 'home']);
    let link = 0;
    await visibleNext(async () => {
      const res = await ok(await c.trpcMutation('footer.createLink', { section_id: section, label: 'Trocas', url: '/trocas' }));
      link = res.json().result.data.id;
      return res;
    }, ['sections', 'home']);
    await visibleNext(() => c.trpcMutation('footer.updateLink', { id: link, label: 'Trocas e devoluções' }), ['sections', 'home']);
    await visibleNext(() => c.trpcMutation('footer.deleteLink', { id: link }), ['sections', 'home']);
    await visibleNext(() => c.trpcMutation('footer.deleteSection', { id: section }), ['sections', 'home']);
  });

  it('settings (with and without images) and the reviews import', async () => {
    await visibleNext(() => c.trpcMutation('settings.update', { site_title: 'Loja da Ana' }), ['settings', 'home', 'layoutBatch']);
    await visibleNext(
      async () => form('settings.updateWithImages', formData({}, [{ field: 'logo', name: 'logo.png', data: await png('#333333') }])),
      ['settings', 'home'],
    );
    const csv = 'nome,avaliacao,estrelas,cidade\nEva,Linda,5,Belém\nFlor,Boa,3,Manaus\nGil,Top,5,Macapá\nHugo,Ok,4,Palmas\n';
    await visibleNext(
      () => form('reviews.import', formData({ clear_existing: '1' }, [{ field: 'csv', name: 'r.csv', data: csv, type: 'text/csv' }])),
      ['reviews', 'productPage'],
    );
  });
});

describe('what does not change public output', () => {
  it('signing in and out, and admin reads, keep the cache', async () => {
    await readAll();
    const generation = c.t.app.publicCache.generation;
    const cookie = await loginCookie(c.t.app);
    await c.t.app.inject({ method: 'GET', url: '/auth/me.php', headers: { cookie } });
    await c.t.app.inject({ method: 'GET', url: '/trpc/settings.admin', headers: { cookie } });
    await c.t.app.inject({ method: 'POST', url: '/auth/logout.php', headers: { cookie } });
    expect(c.t.app.publicCache.generation).toBe(generation);
  });
});
