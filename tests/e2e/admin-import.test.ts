import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { seriousAxeViolations } from './browser.ts';
import type { Shop } from './server.ts';
import { openAdmin, SHOTS, shopSuite } from './suite.ts';

const OWN_SHOTS = process.env.SHOTS_DIR ?? SHOTS;

let shop: Shop;
let browser: Browser;
shopSuite((s) => ({ shop, browser } = s));

const CSV = [
  'Title,URL handle,Description,Price,Compare-at price,Product image URL,Image position,Collection',
  'Bolsa de Palha Trançada,bolsa-palha-e2e,"<p>Feita à mão.</p>\n<p>Alça de couro.</p>",149.90,189.90,,,Acessórios',
  'Lenço Estampado,lenco-estampado-e2e,Seda pura,59,,,,Acessórios',
  'Sem Preço,sem-preco-e2e,,,,,,',
  ',,,,,,,',
  'Chinelo,,,,19,,,',
].join('\n');

describe('admin Importar / Exportar', () => {
  it('checks a CSV (dry run table with refusals and their lines), imports it with progress, exports the catalogue', async () => {
    for (const width of [390, 1280]) {
      const { page, context, errors } = await openAdmin(browser, shop, '/admin/importar', { width });
      await page.getByRole('heading', { name: 'Importar CSV' }).waitFor();
      await page.getByText('Até 20MB').waitFor();
      await page.locator('input[type=file]').setInputFiles({ name: 'produtos.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
      await page.getByRole('button', { name: 'Verificar arquivo' }).click();
      await page.getByRole('heading', { name: 'Verificação de produtos.csv' }).waitFor();
      // Refusals first, with their line and reason.
      await page.getByText('Preencha título e preço').waitFor();
      assert.ok(await page.getByText('Sem "URL handle" (o endereço do produto)').isVisible());
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.screenshot({ path: `${OWN_SHOTS}/import-dry-run-${width}.png`, fullPage: true });
      await page.locator('label', { hasText: /^Todos$/ }).click();
      await page.getByText('/bolsa-palha-e2e').waitFor();
      if (width === 1280) {
        await page.getByRole('button', { name: 'Importar 2 produto(s)' }).click();
        await page.getByText('Importação concluída').waitFor({ timeout: 30_000 });
        await page.getByText('2 criado(s), 0 atualizado(s), 0 sem mudança, 1 recusado(s); 0 imagem(ns) adicionada(s).').waitFor();
        await page.screenshot({ path: `${OWN_SHOTS}/import-done-${width}.png`, fullPage: true });
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV' }).click()]);
        assert.match(download.suggestedFilename(), /^produtos-\d{4}-\d{2}-\d{2}\.csv$/);
        const file = `${OWN_SHOTS}/exported-products.csv`;
        await download.saveAs(file);
        const text = readFileSync(file, 'utf8');
        assert.ok(text.startsWith('\ufeffTitle,URL handle,Description,'));
        assert.ok(text.includes('bolsa-palha-e2e'));
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
