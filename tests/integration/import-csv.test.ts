import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvDryRun, ImportJobStatusDto, ImportPlanRowDto } from '../../shared/catalog-import.ts';
import { variantsIdle } from '../../src/media/backfill.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { imageStandIn } from '../helpers/image-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let api: AdminApi;
let stand: Awaited<ReturnType<typeof imageStandIn>>;

const fixture = (name: string) =>
  Buffer.from(
    readFileSync(join(import.meta.dirname, '../fixtures/csv', name))
      .toString('latin1')
      .replaceAll('{IMG}', stand.base),
    'latin1',
  );

/** Every catalogue row but timestamps: what must stay equal. */
async function catalogue(): Promise<string> {
  const run = (q: string) => t.db.fork().getConnection().execute(q);
  return JSON.stringify({
    products: await run(
      'select id, title, slug, description, price, old_price, image_url, collection_id, shopify_product_id, position from products order by id',
    ),
    images: await run('select id, product_id, url, position, source_url from product_images order by id'),
    collections: await run('select id, name, slug, sort_order from collections order by id'),
  });
}

const upload = (body: Buffer | string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/admin-api/catalog/import.csv',
    payload: body,
    headers: { cookie: api.cookie, 'content-type': 'text/csv', 'x-file-name': 'produtos.csv', ...headers },
  });

async function dryRun(body: Buffer | string): Promise<CsvDryRun> {
  const res = await upload(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function rowsOf(draftId: string): Promise<ImportPlanRowDto[]> {
  const input = encodeURIComponent(JSON.stringify({ draftId, limit: 200 }));
  const res = await t.app.inject({ method: 'GET', url: `/trpc/catalogImport.draftRows?input=${input}`, headers: { cookie: api.cookie } });
  return res.json().result.data.rows;
}

async function applyDraft(draftId: string): Promise<NonNullable<ImportJobStatusDto>> {
  const res = await api.trpcMutation('catalogImport.start', { draftId });
  expect(res.statusCode, res.body).toBe(200);
  for (;;) {
    const status = (await t.app.inject({ method: 'GET', url: '/trpc/catalogImport.status', headers: { cookie: api.cookie } })).json().result
      .data as NonNullable<ImportJobStatusDto>;
    if (status.state !== 'running') {
      await variantsIdle();
      return status;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function exportCsv(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/admin-api/catalog/export.csv', headers: { cookie: api.cookie } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="produtos-\d{4}-\d{2}-\d{2}\.csv"$/);
  return res.body;
}

beforeAll(async () => {
  stand = await imageStandIn();
  t = await createTestApp({}, { outbound: { policy: { allowPrivateAddresses: true } } });
  api = await adminApi(t);
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

describe('CSV import: the dry run', () => {
  it('reads the current header set (UTF-8 with BOM, quoted multi-line HTML, extra image rows) and refuses with line numbers, changing nothing', async () => {
    const before = await catalogue();
    const run = await dryRun(fixture('current.csv'));
    expect(run).toMatchObject({ counts: { create: 2, update: 0, unchanged: 0, refuse: 3 }, images: 3, newCollections: ['Roupas'] });
    expect(run.encoding).toBe('utf-8');
    const rows = await rowsOf(run.draftId);
    expect(rows.map((r) => [r.line, r.action, r.title, r.reason])).toEqual([
      [2, 'create', 'Camiseta Açaí', null],
      [9, 'create', 'Caneca "Bom dia"', null],
      [10, 'refuse', 'Sem preço', 'Preencha título e preço'],
      [11, 'refuse', 'Preço errado', expect.stringMatching(/^Preço inválido/)],
      [12, 'refuse', '', 'Sem "URL handle" (o endereço do produto)'],
    ]);
    expect(rows[0]?.newImages).toBe(3);
    expect(await catalogue()).toBe(before);
    expect(stand.hits).toEqual([]);
  });

  it('reads the legacy header set with ; in Windows-1252', async () => {
    const run = await dryRun(fixture('legacy-semicolon-1252.csv'));
    expect(run).toMatchObject({ encoding: 'windows-1252', delimiter: ';', counts: { create: 2, refuse: 0 }, images: 2 });
    expect((await rowsOf(run.draftId)).map((r) => [r.line, r.slug, r.title])).toEqual([
      [2, 'vestido-chita', 'Vestido de Chita Nordestina'],
      [4, 'chapeu-palha', 'Chapéu de Palha São João'],
    ]);
  });

  it('refuses a file it cannot read, naming the line, and one that is not a product CSV', async () => {
    const unclosed = await upload('Handle,Title,Variant Price\nx,Camisa,10\ny,"Calça,20\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().error).toMatch(/^Linha \d+: aspas abertas e não fechadas/);
    const other = await upload('nome,preço\nCamisa,10\n');
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatch(/formato da Shopify/);
  });

  it('is for the admin only and refused cross-site', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/admin-api/catalog/import.csv',
      payload: 'a',
      headers: { 'content-type': 'text/csv' },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await upload('Handle,Title,Price\nx,y,1\n', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/catalog/export.csv' })).statusCode).toBe(401);
  });
});

describe('CSV import: apply and export', () => {
  it('applies in the background with progress, images fetched; export → import changes nothing', async () => {
    const run = await dryRun(fixture('current.csv'));
    const done = await applyDraft(run.draftId);
    expect(done).toMatchObject({
      state: 'done',
      error: null,
      result: { counts: { create: 2, refuse: 2 }, imagesAdded: 3, imageFailures: [] },
    });
    const [camiseta] = await api.sql<Record<string, string>>(
      "select p.title, p.description, p.price, p.old_price, c.name from products p join collections c on c.id = p.collection_id where p.slug = 'camiseta-acai'",
    );
    expect(camiseta).toEqual({
      title: 'Camiseta Açaí',
      description: 'Camiseta de algodão.\n\n• Macia\n• Leve, fresca',
      price: '89.90',
      old_price: '120.00',
      name: 'Roupas',
    });
    const legacy = await applyDraft((await dryRun(fixture('legacy-semicolon-1252.csv'))).draftId);
    expect(legacy.result?.counts.create).toBe(2);
    // A product with whitespace and markup-like text of its own, typed in the admin.
    await api.sql(
      `insert into products (title, slug, description, price, position, search_text) values ('Kit <2> & cia', 'kit-2-cia', '  Linha 1\n\n\n  <b>não é negrito</b> &amp; tal  ', 3, 9, '')`,
    );

    const before = await catalogue();
    const csv = await exportCsv();
    expect(csv.startsWith('\ufeffTitle,URL handle,Description,')).toBe(true);
    expect(csv).toContain('camiseta-acai');
    const again = await dryRun(csv);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 5, refuse: 0 });
    expect(again.images).toBe(0);
    const hits = stand.hits.length;
    await applyDraft(again.draftId);
    expect(await catalogue()).toBe(before);
    expect(stand.hits.length).toBe(hits);
  });

  it('one import at a time; a second start is refused while one runs', async () => {
    const slow = await imageStandIn({ slowMs: 1500 });
    try {
      const a = await dryRun(`Handle,Title,Variant Price,Image Src\nlento,Lento,5,${slow.base}/slow.png\n`);
      const started = await api.trpcMutation('catalogImport.start', { draftId: a.draftId });
      expect(started.statusCode).toBe(200);
      const b = await dryRun('Handle,Title,Variant Price\noutro,Outro,5\n');
      const refused = await api.trpcMutation('catalogImport.start', { draftId: b.draftId });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(/Já há uma importação em andamento/);
      const cancel = await api.trpcMutation('catalogImport.cancel', {});
      expect(cancel.json().result.data).toEqual({ cancelled: true });
      await t.app.imports.jobs.idle();
      const status = (await t.app.inject({ method: 'GET', url: '/trpc/catalogImport.status', headers: { cookie: api.cookie } })).json()
        .result.data;
      expect(status).toMatchObject({ state: 'cancelled', error: 'Importação cancelada: o catálogo ficou como estava.' });
      expect(await api.sql("select id from products where slug = 'lento'")).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});
