import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { adminApi } from '../helpers/api.ts';
import { STANDIN_SHOP, type Standin, startStandin } from '../helpers/shopify-standin.ts';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { launchBrowser } from './server.ts';

/**
 * 'Importar da Shopify' and the product form's picker in a real browser, the server answering from
 * the Storefront stand-in (the app runs in this process: only buildApp takes the stand-in).
 * The images the admin shows stay on the shop's host and are answered by the browser route; those
 * an import downloads are served by the stand-in.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'screenshots';
let standin: Standin;
let t: TestApp;
let base: string;
let browser: Browser;
let linkedId: number;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  standin = await startStandin(undefined, { localImages: false });
  t = await createTestApp(
    { SHOPIFY_DOMAIN: STANDIN_SHOP.domain, SHOPIFY_STOREFRONT_TOKEN: STANDIN_SHOP.token },
    { outbound: standin.outbound() },
  );
  const api = await adminApi(t);
  linkedId = (await api.postForm('/api/products/create.php', { title: 'Camiseta da loja', price: '40', shopify_product_id: '1001' })).json()
    .id;
  await api.postForm('/api/products/create.php', { title: 'Caneca', price: '25' });
  await api.trpcMutation('collections.create', { name: 'Roupas' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await t?.close();
  await standin?.close();
});

const png = sharp({ create: { width: 120, height: 120, channels: 3, background: '#1971c2' } })
  .png()
  .toBuffer();

async function openAdmin(width: number, path: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(base)) return route.continue();
    if (url.startsWith(`https://${STANDIN_SHOP.domain}/cdn/shop/files/`))
      return route.fulfill({ contentType: 'image/png', body: await png });
    return route.abort();
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}${path}`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Senha').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('button', { name: 'Sair' }).waitFor();
  return { page, errors };
}

describe('Importar da Shopify', () => {
  for (const width of [1280, 390]) {
    it(`lists, searches and pages the shop's products, and re-syncs prices (${width} px)`, async () => {
      const { page, errors } = await openAdmin(width, '/admin/shopify/importar');
      const first = page.getByTestId('shopify-1001');
      await first.waitFor();
      const text = (await first.textContent()) ?? '';
      assert.match(text, /Camiseta Teste/);
      assert.match(text, /R\$ 49,90/);
      assert.match(text, /R\$ 59,90/);
      assert.match(text, /Disponível/);
      assert.match(text, /Vinculado a: Camiseta da loja/);
      assert.match((await page.getByTestId('shopify-1003').textContent()) ?? '', /Esgotado/);
      await page.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
      await page.screenshot({ path: `${SHOTS}/shopify-import-${width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Próxima' }).click();
      await page.getByTestId('shopify-1025').waitFor();
      assert.equal(await page.getByTestId('shopify-1001').count(), 0);
      await page.getByRole('button', { name: 'Anterior' }).click();
      await page.getByTestId('shopify-1001').waitFor();

      await page.getByLabel('Buscar na Shopify').fill('camiseta');
      await page.getByTestId('shopify-1002').waitFor({ state: 'detached' });
      assert.equal(await page.locator('[data-testid^="shopify-"]').count(), 1);

      await page.getByRole('button', { name: 'Simular sincronização' }).click();
      const plan = page.getByTestId('resync-plan');
      await plan.waitFor();
      const planText = (await plan.textContent()) ?? '';
      assert.match(planText, /1 produto vinculado/);
      assert.match(planText, /R\$ 40,00 → R\$ 49,90/);
      await page.locator('button:not([data-loading])', { hasText: 'Simular sincronização' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/shopify-resync-${width}.png`, fullPage: true });
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  it('applies the re-sync the owner saw', async () => {
    const { page } = await openAdmin(1280, '/admin/shopify/importar');
    await page.getByRole('button', { name: 'Simular sincronização' }).click();
    await page.getByRole('button', { name: 'Aplicar 1 alteração' }).click();
    await page.getByText('Preços sincronizados: 1 produto(s) atualizado(s)').waitFor();
    const rows = await t.db
      .fork()
      .getConnection()
      .execute('select price::text as p, old_price::text as o from products where id = ?', [linkedId]);
    assert.deepEqual(rows[0], { p: '49.90', o: '59.90' });
    await page.context().close();
  });
});

const sql = (q: string, params: unknown[] = []) => t.db.fork().getConnection().execute(q, params);

describe('importing from Shopify', () => {
  const picks: Record<number, string[]> = { 1280: ['1002', '1004'], 390: ['1005', '1007'] };
  for (const width of [1280, 390]) {
    it(`imports the products chosen with the checkboxes into a collection, after a dry run (${width} px)`, async () => {
      const { page, errors } = await openAdmin(width, '/admin/shopify/importar');
      const ids = picks[width] as string[];
      for (const id of ids) await page.getByTestId(`shopify-${id}`).getByRole('checkbox').check();
      await page.getByPlaceholder('Nenhuma (destaques)').click();
      await page.getByRole('option', { name: 'Roupas' }).click();
      await page.getByRole('button', { name: 'Importar selecionados (2)' }).click();
      const plan = page.getByTestId('import-plan');
      await plan.waitFor();
      assert.match((await plan.textContent()) ?? '', /2 a criar · 0 a atualizar · 0 sem mudança · 0 recusado · 2 imagens a baixar/);
      await plan.getByTestId(`plan-${ids[0]}`).waitFor();
      await page.screenshot({ path: `${SHOTS}/shopify-import-plan-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Importar 2 produtos' }).click();
      await page.getByText('Importação concluída').waitFor();
      assert.match((await page.getByTestId('import-job').textContent()) ?? '', /2 produtos criados/);
      await page.screenshot({ path: `${SHOTS}/shopify-import-done-${width}.png`, fullPage: true });
      const rows = await sql(
        'select p.shopify_product_id as id, c.name as c, (select count(*)::int from product_images i where i.product_id = p.id) as n from products p left join collections c on c.id = p.collection_id where p.shopify_product_id in (?, ?) order by 1',
        ids,
      );
      assert.deepEqual(
        rows,
        ids.map((id) => ({ id, c: 'Roupas', n: 1 })),
      );
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }

  it('imports all with a progress bar, and a cancel leaves the catalogue as it was', async () => {
    const count = async () => (await sql('select count(*)::int as n from products'))[0]?.n;
    const before = await count();
    const { page, errors } = await openAdmin(390, '/admin/shopify/importar');
    await page.getByTestId('shopify-1001').waitFor();
    await page.getByRole('button', { name: 'Importar todos' }).click();
    const plan = page.getByTestId('import-plan');
    await plan.waitFor();
    assert.match((await plan.textContent()) ?? '', /55 a criar · 1 a atualizar · 4 sem mudança/);
    standin.images.delayMs = 1500;
    try {
      await page.getByRole('button', { name: 'Importar 56 produtos' }).click();
      await page.getByText(/Baixando imagens: \d+ de \d+/).waitFor();
      await page.screenshot({ path: `${SHOTS}/shopify-import-progress-390.png`, fullPage: true });
      await page.getByRole('button', { name: 'Cancelar importação' }).click();
      await page.getByText('Importação cancelada: o catálogo ficou como estava.').waitFor();
    } finally {
      standin.images.delayMs = 0;
    }
    assert.equal(await count(), before);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});

describe('the product form’s Shopify picker', () => {
  for (const width of [1280, 390]) {
    it(`links a product to a Shopify product chosen in the picker (${width} px)`, async () => {
      const { page, errors } = await openAdmin(width, '/admin/produtos');
      await page
        .getByTestId('product-caneca')
        .getByRole('button', { name: /Editar/ })
        .click();
      await page.getByRole('button', { name: 'Escolher na Shopify' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('shopify-1002').waitFor();
      await page.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
      await page.screenshot({ path: `${SHOTS}/shopify-picker-${width}.png` });
      await dialog.getByRole('button', { name: 'Vincular a Produto Shopify 2' }).click();
      await page.getByText('Vinculado a “Produto Shopify 2” da Shopify').first().waitFor();
      assert.equal(await page.getByTestId('shopify-link-value').textContent(), 'ID 1002');
      await page.getByRole('button', { name: 'Desvincular' }).click();
      await page.getByText('Nenhum produto vinculado').waitFor();
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
});
