import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { Settings } from '../../shared/settings.ts';
import { card, trpcQuery, unexpected } from './admin-settings-helpers.ts';
import { openPage, seriousAxeViolations } from './browser.ts';
import type { Shop } from './server.ts';
import { openAdmin, shopSuite, toast } from './suite.ts';

/**
 * The law's information (issue 18 part 3) from the admin to what a shopper sees: a CNPJ with a bad
 * check digit is refused under its field; the company data is saved, previewed as the footer shows
 * it, and shown in the footer; a legal page is edited and restored; the free-shipping line shows
 * in the announcement bar and on the product page. Screenshots at 390 and 1280 px.
 */
let shop: Shop;
let browser: Browser;
shopSuite((s) => ({ shop, browser } = s));

const SHOTS = process.env.SHOTS_DIR ?? 'screenshots';
mkdirSync(SHOTS, { recursive: true });
const settings = () => trpcQuery<Settings>(shop, 'settings.get');

describe('admin Informações legais', () => {
  it('refuses a CNPJ whose check digits do not match, under the field, saving nothing', async () => {
    const { page, context, errors } = await openAdmin(browser, shop, '/admin/informacoes-legais', { width: 390 });
    await page.getByRole('button', { name: 'Salvar', exact: true }).waitFor();
    await page.getByLabel('CNPJ ou CPF', { exact: true }).fill('11.222.333/0001-82');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await card(page, 'Empresa').getByText('CNPJ inválido: os dígitos verificadores não conferem').waitFor();
    assert.equal((await settings()).legal_tax_id, '');
    assert.deepEqual(unexpected(errors), []);
    await context.close();
  });

  it('saves the company data, shown formatted, with the footer preview', async () => {
    for (const width of [390, 1280]) {
      const { page, context, errors } = await openAdmin(browser, shop, '/admin/informacoes-legais', { width });
      await page.getByRole('button', { name: 'Salvar', exact: true }).waitFor();
      await page.getByLabel('Razão social ou nome', { exact: true }).fill('Loja Exemplo Comércio Ltda');
      await page.getByLabel('CNPJ ou CPF', { exact: true }).fill('11222333000181');
      await page.getByLabel('Logradouro, número e complemento', { exact: true }).fill('Av. Paulista, 1000, sala 12');
      await page.getByLabel('Bairro', { exact: true }).fill('Bela Vista');
      await page.getByLabel('Cidade', { exact: true }).fill('São Paulo');
      await page.getByRole('combobox', { name: 'UF' }).fill('SP');
      await page.getByRole('option', { name: 'SP' }).click();
      await page.getByLabel('CEP', { exact: true }).fill('01310100');
      await page.getByLabel('E-mail', { exact: true }).fill('contato@lojaexemplo.com.br');
      await page.getByLabel('Telefone', { exact: true }).fill('11987654321');
      const preview = page.getByTestId('legal-preview');
      await preview.getByText('CNPJ 11.222.333/0001-81').waitFor();
      await preview.getByText('Av. Paulista, 1000, sala 12 – Bela Vista, São Paulo – SP, CEP 01310-100').waitFor();
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await toast(page, 'Informações legais atualizadas');
      assert.equal(await page.getByLabel('CNPJ ou CPF', { exact: true }).inputValue(), '11.222.333/0001-81');
      assert.equal(await page.getByLabel('Telefone', { exact: true }).inputValue(), '(11) 98765-4321');
      await page.screenshot({ path: `${SHOTS}/legal-admin-${width}.png`, fullPage: true });
      assert.deepEqual(await seriousAxeViolations(page), []);
      assert.deepEqual(unexpected(errors), []);
      await context.close();
    }
    const saved = await settings();
    assert.deepEqual([saved.legal_tax_id, saved.legal_postal_code, saved.legal_phone], ['11222333000181', '01310100', '11987654321']);
  });

  it('edits a legal page and restores its template', async () => {
    const { page, context, errors } = await openAdmin(browser, shop, '/admin/informacoes-legais', { width: 1280 });
    await page.getByRole('tab', { name: 'Termos de uso' }).click();
    const text = page.getByLabel('Texto da página Termos de uso', { exact: true });
    await text.fill('## Regras da casa\nCompre com {loja} ({documento}).');
    await page.getByRole('button', { name: 'Salvar página' }).click();
    await toast(page, 'Página salva');
    await page.getByText('Texto personalizado').waitFor();

    const visitor = await openPage(browser, shop, { width: 390, height: 844 });
    await visitor.page.goto(`${shop.url}/termos-de-uso`);
    await visitor.page.getByText('Compre com Loja Exemplo Comércio Ltda (CNPJ 11.222.333/0001-81).').waitFor();

    await page.getByRole('button', { name: 'Restaurar modelo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restaurar modelo' }).click();
    await toast(page, 'Modelo restaurado');
    assert.match(await text.inputValue(), /^Estes termos valem/);
    await page
      .locator('section')
      .filter({ hasText: 'Páginas legais' })
      .last()
      .screenshot({ path: `${SHOTS}/legal-pages-editor-1280.png` });
    await visitor.page.reload();
    await visitor.page.getByRole('heading', { name: 'Ofertas e preços' }).waitFor();
    await visitor.context.close();
    assert.deepEqual(unexpected(errors), []);
    await context.close();
  });
});

describe('admin Frete grátis', () => {
  it('refuses the promise without an amount, then saves it', async () => {
    for (const width of [390, 1280]) {
      const { page, context, errors } = await openAdmin(browser, shop, '/admin/frete-gratis', { width });
      await page.getByRole('button', { name: 'Salvar', exact: true }).waitFor();
      const on = page.getByRole('switch', { name: 'Oferecer frete grátis' });
      if (!(await on.isChecked())) await on.check({ force: true });
      await page.getByLabel('Valor mínimo do pedido', { exact: true }).fill('0');
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await page.getByText('Informe um valor mínimo acima de zero para o frete grátis').waitFor();
      await page.getByLabel('Valor mínimo do pedido', { exact: true }).fill('199');
      await page.getByTestId('free-shipping-preview').getByText('Frete grátis acima de R$ 199').waitFor();
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await toast(page, 'Frete grátis atualizado');
      await page.screenshot({ path: `${SHOTS}/free-shipping-admin-${width}.png`, fullPage: true });
      assert.deepEqual(await seriousAxeViolations(page), []);
      assert.deepEqual(unexpected(errors), []);
      await context.close();
    }
    const saved = await settings();
    assert.deepEqual([saved.free_shipping_enabled, saved.free_shipping_threshold], [true, '199.00']);
  });
});

describe('storefront', () => {
  it('shows the law’s information in the footer, the legal pages and the free-shipping line', async () => {
    const input = encodeURIComponent(JSON.stringify({ limit: 1 }));
    const [product] = (await (await fetch(`${shop.url}/trpc/catalog.products?input=${input}`)).json()).result.data as { slug: string }[];
    assert.ok(product);
    for (const width of [390, 1280]) {
      const { page, context, errors } = await openPage(browser, shop, { width, height: width < 600 ? 844 : 900 });
      await page.goto(shop.url);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.getByRole('region', { name: 'Avisos da loja' }).getByText('Frete grátis acima de R$ 199').first().waitFor();
      const legal = page.getByTestId('legal-info');
      await legal.getByText('CNPJ 11.222.333/0001-81', { exact: false }).waitFor();
      await legal.scrollIntoViewIfNeeded();
      await page.locator('footer').screenshot({ path: `${SHOTS}/legal-footer-${width}.png` });
      assert.deepEqual(await seriousAxeViolations(page), []);

      await page.getByRole('link', { name: 'Política de trocas' }).click();
      await page.getByRole('heading', { name: 'Trocas e devoluções', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Direito de arrependimento: 7 dias' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/legal-returns-${width}.png`, fullPage: width < 600 });
      assert.deepEqual(await seriousAxeViolations(page), []);

      await page.goto(`${shop.url}/politica-de-privacidade`);
      await page.getByRole('heading', { name: 'Seus direitos' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/legal-privacy-${width}.png` });

      await page.goto(`${shop.url}/produto/${product.slug}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.getByTestId('free-shipping').waitFor();
      await page.screenshot({ path: `${SHOTS}/free-shipping-product-${width}.png` });
      assert.deepEqual(await seriousAxeViolations(page), []);
      assert.deepEqual(unexpected(errors), []);
      await context.close();
    }
  });
});
