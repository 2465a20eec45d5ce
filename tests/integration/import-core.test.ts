import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, updateProduct } from '../../src/catalog/product.service.ts';
import type { AppContext } from '../../src/context.ts';
import { applyImport } from '../../src/import/import-apply.ts';
import { IMPORT_CANCELLED, ImportJobs } from '../../src/import/import-jobs.ts';
import { planImport } from '../../src/import/import-plan.ts';
import type { ImportProduct } from '../../src/import/import-types.ts';
import { variantsIdle } from '../../src/media/backfill.ts';
import { contextFor } from '../helpers/context.ts';
import { imageStandIn } from '../helpers/image-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let stand: Awaited<ReturnType<typeof imageStandIn>>;
let uploadsDir: string;
const local = { allowPrivateAddresses: true };

const ctx = (): AppContext => ({ ...contextFor(t.db), uploadsDir });
const files = () => readdirSync(uploadsDir).sort();

/** Every catalogue row but timestamps: an import that must change nothing leaves it equal. */
async function catalogue(): Promise<string> {
  const run = (q: string) => t.db.fork().getConnection().execute(q);
  return JSON.stringify({
    products: await run(
      'select id, title, slug, description, price, old_price, image_url, collection_id, shopify_product_id, position from products order by id',
    ),
    images: await run('select id, product_id, url, position from product_images order by id'),
    collections: await run('select id, name, slug, sort_order from collections order by id'),
    history: await run('select kind, slug, product_id from slug_history order by id'),
  });
}

const product = (n: number, extra: Partial<ImportProduct> = {}): ImportProduct => ({
  ref: `linha ${n}`,
  line: n,
  handle: `produto-${n}`,
  title: `Produto ${n}`,
  descriptionHtml: `<p>Descrição do <b>produto</b> ${n}</p>`,
  price: '10.00',
  compareAtPrice: null,
  images: [],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  stand = await imageStandIn({ slowMs: 3000 });
  uploadsDir = mkdtempSync(join(tmpdir(), 'import-core-'));
});
afterAll(async () => {
  await variantsIdle();
  await stand.close();
  await t.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

describe('import core', () => {
  it('plans creates, updates (by slug and by an old slug), unchanged and refusals without writing anything', async () => {
    const a = await createProduct(ctx(), { title: 'Camisa Azul', price: '50', description: 'Camisa de algodão' });
    const b = await createProduct(ctx(), { title: 'Boné', price: '30' });
    await updateProduct(ctx(), { id: b.id, title: 'Boné Preto' }); // boné -> bone-preto, 'bone' stays in its history
    const before = await catalogue();
    const plan = await planImport(ctx(), [
      product(2, { handle: 'camisa-azul', title: 'Camisa Azul', descriptionHtml: 'Camisa de algodão', price: '50,00' }),
      product(3, { handle: 'bone', title: 'Boné Preto', descriptionHtml: '', price: '35' }),
      product(4, { handle: 'Nova Caneca', title: 'Caneca', collection: 'Cozinha' }),
      product(5, { title: '', price: '10' }),
      product(6, { price: '10,999' }),
      product(7, { handle: 'camisa-azul' }),
      product(8, { compareAtPrice: '-1' }),
      product(9, { title: `x${'\u0007'}` }),
    ]);
    expect(plan.rows.map((r) => [r.ref, r.action, r.slug])).toEqual([
      ['linha 2', 'unchanged', 'camisa-azul'],
      ['linha 3', 'update', 'bone-preto'],
      ['linha 4', 'create', 'nova-caneca'],
      ['linha 5', 'refuse', 'produto-5'],
      ['linha 6', 'refuse', 'produto-6'],
      ['linha 7', 'refuse', 'camisa-azul'],
      ['linha 8', 'refuse', 'produto-8'],
      ['linha 9', 'refuse', 'produto-9'],
    ]);
    expect(plan.rows[0]?.productId).toBe(a.id);
    expect(plan.rows[1]).toMatchObject({ productId: b.id, changes: ['price'] });
    expect(plan.rows.slice(3).map((r) => r.reason)).toEqual([
      'Preencha título e preço',
      expect.stringMatching(/^Preço inválido/),
      'Produto repetido: o mesmo endereço (camisa-azul) já está em linha 2',
      expect.stringMatching(/^Preço antigo inválido/),
      'Título: Caracteres inválidos',
    ]);
    expect(plan.counts).toEqual({ create: 1, update: 1, unchanged: 1, refuse: 5 });
    expect(plan.newCollections).toEqual(['Cozinha']);
    expect(await catalogue()).toBe(before);
  });

  it('applies: creates with images fetched and processed like uploads, updates, and a second run changes nothing', async () => {
    const items = [
      product(10, {
        handle: 'vaso-de-ceramica',
        title: 'Vaso de cerâmica',
        descriptionHtml: '<p>Vaso feito à mão.</p><ul><li>Alto</li><li>Azul &amp; branco</li></ul><script>alert(1)</script>',
        price: '89,90',
        compareAtPrice: '120',
        images: [
          { url: stand.url('vaso-2'), position: 2 },
          { url: stand.url('vaso-1'), position: 1 },
        ],
        collection: 'Decoração',
        shopifyProductId: '7001',
      }),
      product(11, { images: [{ url: stand.url('p11'), position: 1 }] }),
    ];
    const progress: string[] = [];
    const result = await applyImport(ctx(), items, { policy: local, onProgress: (p) => progress.push(`${p.phase} ${p.done}/${p.total}`) });
    expect(result.counts).toEqual({ create: 2, update: 0, unchanged: 0, refuse: 0 });
    expect(result.imagesAdded).toBe(3);
    expect(result.imageFailures).toEqual([]);
    expect(result.newCollections).toEqual(['Decoração']);
    expect(progress).toEqual(['images 0/3', 'images 1/3', 'images 2/3', 'images 3/3', 'saving 2/2']);
    const [vaso] = await t.db
      .fork()
      .getConnection()
      .execute<Record<string, string | null>[]>(
        "select p.*, c.name as collection_name from products p join collections c on c.id = p.collection_id where p.slug = 'vaso-de-ceramica'",
      );
    expect(vaso).toMatchObject({
      title: 'Vaso de cerâmica',
      description: 'Vaso feito à mão.\n\n• Alto\n• Azul & branco',
      price: '89.90',
      old_price: '120.00',
      shopify_product_id: '7001',
      collection_name: 'Decoração',
    });
    const gallery: { url: string; file_name: string }[] = await t.db
      .fork()
      .getConnection()
      .execute(`select url, file_name from product_images where product_id = ${vaso?.id} order by position`);
    expect(gallery.map((g) => g.file_name)).toEqual(['vaso-1.png', 'vaso-2.png']);
    expect(vaso?.image_url).toBe(gallery[0]?.url);
    await variantsIdle();
    // Stored like an upload: no marker left, variants made in the background.
    expect(files().filter((f) => f.startsWith('.'))).toEqual([]);
    expect(files().filter((f) => f.includes(gallery[0]?.url.slice(9, 45) ?? '?')).length).toBeGreaterThan(1);

    // The same file again: nothing changes, nothing is fetched.
    const before = await catalogue();
    const hits = stand.hits.length;
    const again = await applyImport(ctx(), items, { policy: local });
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 2, refuse: 0 });
    expect(stand.hits.length).toBe(hits);
    expect(await catalogue()).toBe(before);
  });

  it('reports images that cannot be used per product and imports the product without them', async () => {
    const items = [
      product(20, { images: [{ url: `${stand.base}/big.jpg`, position: 1 }] }),
      product(21, { images: [{ url: `${stand.base}/text.jpg`, position: 1 }] }),
      product(22, { images: [{ url: `${stand.base}/missing.png`, position: 1 }] }),
      product(23, { images: [{ url: 'ftp://example.com/a.png', position: 1 }] }),
      product(24, { images: [{ url: stand.url('ok-24'), position: 1 }] }),
    ];
    const result = await applyImport(ctx(), items, { policy: local });
    expect(result.imageFailures.map((f) => [f.ref, f.reason])).toEqual([
      ['linha 20', 'imagem muito grande (máx 5MB)'],
      ['linha 21', 'o arquivo não é uma imagem JPEG, PNG ou WebP válida'],
      ['linha 22', 'a imagem não pôde ser baixada (HTTP 404)'],
      ['linha 23', 'endereço de imagem inválido (use http:// ou https://)'],
    ]);
    expect(result.counts.create).toBe(5);
    expect(result.imagesAdded).toBe(1);
  });

  it('never fetches a private, loopback or link-local address without the test policy', async () => {
    const hits = stand.hits.length;
    const result = await applyImport(ctx(), [
      product(30, { images: [{ url: stand.url('private'), position: 1 }] }),
      product(31, { images: [{ url: 'http://169.254.169.254/latest/meta-data/x.png', position: 1 }] }),
    ]);
    expect(result.imageFailures.map((f) => f.reason)).toEqual([
      'endereço de imagem não permitido (rede interna)',
      'endereço de imagem não permitido (rede interna)',
    ]);
    expect(stand.hits.length).toBe(hits);
  });

  it('is all or nothing: a failure while writing (after a first batch was flushed) leaves the catalogue and the uploads as they were', async () => {
    const before = await catalogue();
    await variantsIdle();
    const filesBefore = files();
    const items = Array.from({ length: 450 }, (_, i) =>
      product(1000 + i, i % 150 === 0 ? { images: [{ url: stand.url(`b${i}`), position: 1 }] } : {}),
    );
    let batches = 0;
    await expect(
      applyImport(ctx(), items, {
        policy: local,
        onProgress: (p) => {
          if (p.phase === 'saving' && ++batches === 2) throw new Error('disco cheio (simulado)');
        },
      }),
    ).rejects.toThrow('disco cheio');
    expect(batches).toBe(2);
    expect(await catalogue()).toBe(before);
    expect(files()).toEqual(filesBefore);
  });

  it('a cancelled import (one job at a time) keeps nothing', async () => {
    const before = await catalogue();
    await variantsIdle();
    const filesBefore = files();
    const jobs = new ImportJobs();
    const items = [
      product(40, { images: [{ url: stand.url('c1'), position: 1 }] }),
      product(41, { images: [{ url: `${stand.base}/slow.png`, position: 1 }] }),
    ];
    const started = jobs.start('teste', (io) => applyImport(ctx(), items, { policy: local, ...io }));
    expect(started.state).toBe('running');
    expect(() => jobs.start('outra', async () => Promise.reject(new Error('x')))).toThrow('Já há uma importação em andamento');
    await new Promise((r) => setTimeout(r, 300));
    expect(jobs.cancel()).toBe(true);
    await jobs.idle();
    expect(jobs.status()).toMatchObject({ state: 'cancelled', error: IMPORT_CANCELLED });
    expect(await catalogue()).toBe(before);
    expect(files()).toEqual(filesBefore);
  });
});
