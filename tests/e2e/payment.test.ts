import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { formatMoney } from '../../shared/currencies.ts';
import { bestInterestFree, installmentPlan, pixPrice } from '../../shared/installments.ts';
import type { Settings } from '../../shared/settings.ts';
import { card, trpcQuery, unexpected } from './admin-settings-helpers.ts';
import { openPage, seriousAxeViolations } from './browser.ts';
import type { Shop } from './server.ts';
import { openAdmin, shopSuite, toast } from './suite.ts';

/**
 * 'Pagamento e parcelamento' (issue 18) from the admin to what a shopper sees: the owner sets the
 * Pix discount and installments with a live example beside the fields and the note that Shopify's
 * checkout must honour them; a bad pair is refused under its field; cards, the product page and
 * search then show the Pix price and installments.
 */
let shop: Shop;
let browser: Browser;
shopSuite((s) => ({ shop, browser } = s));

const SHOTS = process.env.SHOTS_DIR ?? 'screenshots';
mkdirSync(SHOTS, { recursive: true });
const settings = () => trpcQuery<Settings>(shop, 'settings.get');
type Product = { title: string; slug: string; price: string };
async function firstProduct(): Promise<Product> {
  const input = encodeURIComponent(JSON.stringify({ limit: 1 }));
  const res = await fetch(`${shop.url}/trpc/catalog.products?input=${input}`);
  const [p] = (await res.json()).result.data as Product[];
  if (!p) throw new Error('no product');
  return p;
}

describe('admin Pagamento e parcelamento', () => {
  it('refuses more interest-free instalments than the maximum under the field, saving nothing', async () => {
    const { page, context, errors } = await openAdmin(browser, shop, '/admin/pagamento', { width: 390 });
    await page.getByRole('button', { name: 'Salvar' }).waitFor();
    await page.getByLabel('Número máximo de parcelas').fill('4');
    await page.getByLabel('Parcelas sem juros').fill('6');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await card(page, 'Parcelamento no cartão').getByText('Parcelas sem juros não pode ser maior que o número máximo de parcelas').waitFor();
    const saved = await settings();
    assert.equal(saved.installments_max, 1);
    assert.equal(saved.installments_interest_free, 1);
    assert.deepEqual(unexpected(errors), []);
    await context.close();
  });

  it('saves the terms with a live example and the Shopify note beside the fields', async () => {
    for (const width of [390, 1280]) {
      const { page, context, errors } = await openAdmin(browser, shop, '/admin/pagamento', { width });
      await page.getByRole('button', { name: 'Salvar' }).waitFor();
      await page.getByText('O checkout da Shopify precisa ser configurado para cumpri-los', { exact: false }).waitFor();
      await page.getByLabel('Desconto no Pix').fill('10');
      await page.getByLabel('Número máximo de parcelas').fill('6');
      await page.getByLabel('Parcelas sem juros').fill('3');
      await page.getByLabel('Parcela mínima').fill('5,00');
      await page.getByLabel('Juros ao mês').fill('2,99');
      await page.getByLabel('Preço de exemplo').fill('79,90');
      await page.getByText('R$ 71,91 no Pix').waitFor();
      await page.getByText('ou 3x de R$ 26,63 sem juros').waitFor();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await toast(page, 'Pagamento atualizado');
      assert.equal(await page.getByLabel('Parcela mínima').inputValue(), '5,00', 'the saved amount reads the pt-BR way');
      await page.screenshot({ path: `${SHOTS}/payment-admin-${width}.png`, fullPage: true });
      assert.deepEqual(await seriousAxeViolations(page), []);
      if (width === 1280) {
        // The same area in the admin's dark theme stays readable (the Pix price, the note's title).
        await page.getByRole('button', { name: 'Modo Escuro' }).click();
        await page.locator('[data-mantine-color-scheme="dark"]').first().waitFor();
        await page.screenshot({ path: `${SHOTS}/payment-admin-dark-${width}.png`, fullPage: true });
        assert.deepEqual(await seriousAxeViolations(page), []);
        await page.getByRole('button', { name: 'Modo Claro' }).click();
      }
      assert.deepEqual(unexpected(errors), []);
      await context.close();
    }
    const saved = await settings();
    assert.deepEqual(
      [
        saved.pix_discount_percent,
        saved.installments_max,
        saved.installments_interest_free,
        saved.installments_min_value,
        saved.installments_interest_rate,
      ],
      [10, 6, 3, '5.00', 2.99],
    );
  });
});

describe('storefront with Pix and installments', () => {
  it('shows the Pix price and the best interest-free installments on cards, and the table on the product page', async () => {
    const terms = await settings();
    const product = await firstProduct();
    const pix = formatMoney(pixPrice(product.price, terms.pix_discount_percent) ?? '', 'BRL');
    const best = bestInterestFree(product.price, terms);
    const plan = installmentPlan(product.price, terms);
    for (const width of [390, 1280]) {
      const { page, context, errors } = await openPage(browser, shop, { width, height: width < 600 ? 844 : 900 });
      await page.goto(shop.url);
      await page.waitForSelector('html[data-hydrated="true"]');
      const cardText = (await page.locator('article').filter({ hasText: product.title }).first().textContent()) ?? '';
      assert.match(cardText, new RegExp(`${pix.replace('$', '\\$')} no Pix`));
      if (best) assert.ok(cardText.includes(`ou ${best.count}x de ${formatMoney(best.instalment, 'BRL')} sem juros`), cardText);
      await page.locator('main').screenshot({ path: `${SHOTS}/payment-cards-${width}.png` });
      assert.deepEqual(await seriousAxeViolations(page), []);

      await page.goto(`${shop.url}/produto/${product.slug}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.getByText('10% de desconto pagando com Pix').waitFor();
      const table = page.getByRole('table', { name: 'Parcelamento no cartão' });
      assert.equal(await table.getByRole('row').count(), plan.length);
      const last = plan.at(-1);
      if (last) await table.getByText(`${last.count}x de ${formatMoney(last.instalment, 'BRL')}`).waitFor();
      await page.screenshot({ path: `${SHOTS}/payment-product-${width}.png`, fullPage: width < 600 });
      assert.deepEqual(await seriousAxeViolations(page), []);
      assert.deepEqual(unexpected(errors), []);
      await context.close();
    }
  });

  it('shows the Pix price in search results', async () => {
    const product = await firstProduct();
    const terms = await settings();
    const pix = formatMoney(pixPrice(product.price, terms.pix_discount_percent) ?? '', 'BRL');
    const { page, context } = await openPage(browser, shop, { width: 390, height: 844 });
    await page.goto(shop.url);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByRole('combobox', { name: 'Buscar produtos' }).fill(product.title);
    await page
      .getByRole('option')
      .filter({ hasText: `${pix} no Pix` })
      .first()
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/payment-search-390.png` });
    await context.close();
  });
});
