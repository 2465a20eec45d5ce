import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDirOf } from '../../server/config.ts';
import { SHOPIFY_IMPORT_MESSAGES } from '../../shared/shopify-import.ts';
import { IMPORT_CANCELLED } from '../../src/import/import-jobs.ts';
import { variantsIdle } from '../../src/media/backfill.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { dbSnapshot } from '../helpers/db-snapshot.ts';
import { STANDIN_SHOP, type Standin, standinCatalogue, startStandin } from '../helpers/shopify-standin.ts';
import { createTestApp } from '../helpers/test-app.ts';

/** Importing the connected Shopify shop's products through the import core, against the Storefront stand-in. */
let standin: Standin;
let c: AdminApi;
let roupas: number;

const catalogue = standinCatalogue(59); // ids 1001…1060: two pages of 50 for 'all'
const at = (id: number) => catalogue.find((p) => p.id === `gid://shopify/Product/${id}`) as (typeof catalogue)[number];
// 1005 has more images than a product may have; 1006 has one that its host no longer serves.
at(1005).images = Array.from({ length: 21 }, (_, i) => ({
  url: `https://${STANDIN_SHOP.domain}/cdn/shop/files/p5-${i}.png`,
  altText: null,
}));
at(1006).images.push({ url: `https://${STANDIN_SHOP.domain}/cdn/shop/files/missing-6.png`, altText: null });

beforeAll(async () => {
  standin = await startStandin(catalogue);
  c = await adminApi(
    await createTestApp(
      { SHOPIFY_DOMAIN: STANDIN_SHOP.domain, SHOPIFY_STOREFRONT_TOKEN: STANDIN_SHOP.token },
      { outbound: standin.outbound() },
    ),
  );
  roupas = (await c.trpcMutation('collections.create', { name: 'Roupas' })).json().result.data.collection.id;
  expect(roupas).toBeGreaterThan(0);
});
afterAll(async () => {
  await c?.t.close();
  await standin?.close();
});

const mutate = async (path: string, input: unknown) => {
  const res = await c.trpcMutation(path, input);
  return { status: res.statusCode, data: res.json().result?.data, message: res.json().error?.message as string | undefined };
};
const query = async (path: string, input?: unknown) => {
  const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return (await c.t.app.inject({ method: 'GET', url: `/trpc/${path}${q}`, headers: { cookie: c.cookie } })).json().result?.data;
};
const plan = async (input: object) => {
  const res = await mutate('shopify.importPlan', input);
  expect(res.status, res.message).toBe(200);
  return res.data;
};
const rows = async (draft_id: string, action: string | null = null) =>
  (await query('shopify.importRows', { draft_id, action, limit: 200 })).rows;
/** Starts the draft and waits for the job's end: its final status. */
const runImport = async (draft_id: string) => {
  const started = await mutate('shopify.importStart', { draft_id });
  expect(started.status, started.message).toBe(200);
  expect(started.data.state).toBe('running');
  await c.t.app.imports.jobs.idle();
  await variantsIdle();
  return query('catalogImport.status');
};
type Row = Record<string, unknown>;
const products = async () =>
  (await c.sql(
    'select id, title, slug, description, price::text as price, old_price::text as old_price, shopify_product_id, collection_id, image_url from products order by id',
  )) as Row[];

describe('importing from the connected Shopify shop', () => {
  it('dry run of chosen products: what would be created and what is refused, with reasons, writing nothing', async () => {
    const before = await dbSnapshot(c.t.db);
    const p = await plan({ ids: ['1002', 'gid://shopify/Product/1003', '1005', '999999'], collection_id: roupas });
    expect(p).toMatchObject({ total: 4, counts: { create: 2, update: 0, unchanged: 0, refuse: 2 }, images: 2, currency_mismatch: null });
    expect((await rows(p.draft_id, 'refuse')).map((r: { ref: string; reason: string }) => [r.ref, r.reason])).toEqual([
      ['999999', 'Este produto não existe na loja Shopify conectada (ou não está publicado no canal da Storefront API).'],
      ['1005', 'Imagens demais: no máximo 20 por produto'],
    ]);
    expect((await rows(p.draft_id, 'create')).map((r: { slug: string }) => r.slug)).toEqual(['produto-shopify-2', 'produto-shopify-3']);
    expect(await dbSnapshot(c.t.db)).toBe(before);
    expect(standin.imageHits).toEqual([]);
  });

  it('imports the chosen products: handle as slug, text description, prices, Shopify id, collection, images processed like uploads', async () => {
    const p = await plan({ ids: ['1002', '1003', '1005'], collection_id: roupas });
    const status = await runImport(p.draft_id);
    expect(status).toMatchObject({ label: 'Shopify', state: 'done', error: null });
    expect(status.result).toMatchObject({ counts: { create: 2, update: 0, unchanged: 0, refuse: 1 }, imagesAdded: 2, imageFailures: [] });
    const made = await products();
    expect(made.map(({ id: _, image_url: __, ...r }) => r)).toEqual([
      {
        title: 'Produto Shopify 2',
        slug: 'produto-shopify-2',
        description: 'Descrição do produto 2.',
        price: '12.90',
        old_price: '22.00',
        shopify_product_id: '1002',
        collection_id: roupas,
      },
      {
        title: 'Produto Shopify 3',
        slug: 'produto-shopify-3',
        description: 'Descrição do produto 3.',
        price: '13.90',
        old_price: null,
        shopify_product_id: '1003',
        collection_id: roupas,
      },
    ]);
    const images = (await c.sql('select url, source_url from product_images order by id')) as { url: string; source_url: string }[];
    expect(images.map((i) => i.source_url)).toEqual([
      `${standin.origin}/cdn/shop/files/produto-2.png?v=1`,
      `${standin.origin}/cdn/shop/files/produto-3.png?v=1`,
    ]);
    for (const img of images) {
      expect(img.url).toMatch(/^\/uploads\//);
      const meta = await sharp(readFileSync(join(uploadsDirOf(c.t.config), img.url.replace('/uploads/', '')))).metadata();
      expect(meta.width).toBe(64);
    }
    expect(made.map((m) => m.image_url)).toEqual(images.map((i) => i.url));
    // The draft was used: it cannot be imported twice.
    expect(await mutate('shopify.importStart', { draft_id: p.draft_id })).toMatchObject({
      status: 409,
      message: SHOPIFY_IMPORT_MESSAGES.draftGone,
    });
  });

  it('imports all, page by page: re-imported products are updated (a linked one by its link), never duplicated', async () => {
    const linked = await c.postForm('/api/products/create.php', { title: 'Minha camiseta', price: '30', shopify_product_id: '1001' });
    const linkedId = linked.json().id as number;
    standin.seen.length = 0;
    const p = await plan({ collection_id: null });
    const pages = standin.seen.filter((s) => s.operation === 'ImportProductsPage');
    expect(pages.map((s) => [s.variables.first, s.variables.after !== null])).toEqual([
      [50, false],
      [50, true],
    ]);
    expect(p).toMatchObject({ total: 60, counts: { create: 56, update: 1, unchanged: 2, refuse: 1 } });
    const [update] = await rows(p.draft_id, 'update');
    expect(update).toMatchObject({ ref: '1001', slug: 'minha-camiseta', product_id: linkedId });
    expect(update.changes).toEqual(expect.arrayContaining(['title', 'description', 'price', 'old_price', 'images']));

    const status = await runImport(p.draft_id);
    expect(status.state).toBe('done');
    expect(status.result.counts).toEqual({ create: 56, update: 1, unchanged: 2, refuse: 1 });
    expect(status.result.imageFailures).toEqual([
      expect.objectContaining({ ref: 'Shopify 1006', url: `${standin.origin}/cdn/shop/files/missing-6.png`, reason: expect.any(String) }),
    ]);
    const all = await products();
    expect(all).toHaveLength(59);
    expect(new Set(all.map((r) => r.shopify_product_id)).size).toBe(59);
    expect(all.find((r) => r.id === linkedId)).toMatchObject({ title: 'Camiseta Teste', price: '49.90', slug: 'minha-camiseta' });
    expect(all.some((r) => r.slug === 'camiseta-teste')).toBe(false);
    expect((await c.sql<{ n: number }>("select count(*)::int as n from product_images where url like '/uploads/%'"))[0]?.n).toBe(
      2 + 2 + 56, // chosen before, the linked one's two, one for each new product (1006 without its missing one)
    );
  });

  it('a second import of all changes nothing and fetches nothing new; a price changed in Shopify is an update', async () => {
    const hits = standin.imageHits.length;
    // Only the image that could not be fetched is tried again.
    const same = await plan({ collection_id: null });
    expect(same).toMatchObject({ counts: { create: 0, update: 1, unchanged: 58, refuse: 1 }, images: 1 });
    expect(await rows(same.draft_id, 'update')).toEqual([expect.objectContaining({ ref: '1006', changes: ['images'], new_images: 1 })]);
    at(1006).images.pop();
    at(1004).price = { amount: '99.5', currencyCode: 'BRL' };
    const changed = await plan({ collection_id: null });
    expect(changed).toMatchObject({ counts: { create: 0, update: 1, unchanged: 58, refuse: 1 }, images: 0 });
    // 24.00 is no old price of 99.50: it goes too.
    expect(await rows(changed.draft_id, 'update')).toEqual([expect.objectContaining({ ref: '1004', changes: ['price', 'old_price'] })]);
    expect((await runImport(changed.draft_id)).result.counts.update).toBe(1);
    expect((await c.sql<{ price: string }>("select price::text as price from products where shopify_product_id = '1004'"))[0]?.price).toBe(
      '99.50',
    );
    expect(standin.imageHits.length).toBe(hits);
  });

  it('a cancelled import leaves the catalogue and the uploads folder as they were', async () => {
    for (const n of [90, 91, 92]) {
      catalogue.push({
        ...at(1002),
        id: `gid://shopify/Product/${n}`,
        title: `Novo ${n}`,
        handle: `novo-${n}`,
        images: [{ url: `https://${STANDIN_SHOP.domain}/cdn/shop/files/novo-${n}.png`, altText: null }],
      });
    }
    const p = await plan({ ids: ['90', '91', '92', '1004'], collection_id: roupas });
    expect(p.counts).toMatchObject({ create: 3 });
    await variantsIdle();
    const before = await dbSnapshot(c.t.db);
    const files = c.files();
    standin.images.delayMs = 1500;
    try {
      expect((await mutate('shopify.importStart', { draft_id: p.draft_id })).data.state).toBe('running');
      // One import at a time, whatever asks.
      const again = await plan({ ids: ['90'], collection_id: null });
      expect(await mutate('shopify.importStart', { draft_id: again.draft_id })).toMatchObject({ status: 409 });
      expect((await mutate('catalogImport.cancel', {})).data).toEqual({ cancelled: true });
      await c.t.app.imports.jobs.idle();
    } finally {
      standin.images.delayMs = 0;
    }
    expect(await query('catalogImport.status')).toMatchObject({ state: 'cancelled', error: IMPORT_CANCELLED, result: null });
    expect(await dbSnapshot(c.t.db)).toBe(before);
    expect(c.files()).toEqual(files);
  });

  it('refuses a collection the shop does not have, and a draft that is not the last one', async () => {
    expect(await mutate('shopify.importPlan', { ids: ['1002'], collection_id: 987654 })).toMatchObject({
      status: 400,
      message: 'Coleção não encontrada',
    });
    expect(await mutate('shopify.importStart', { draft_id: 'nao-existe' })).toMatchObject({ status: 409 });
  });
});
