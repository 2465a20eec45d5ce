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
 * Product images stay on the shop's host and are answered by the browser route.
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
