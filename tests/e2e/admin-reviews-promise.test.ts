import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { Shop } from './server.ts';
import { openAdmin, SHOTS, shopSuite } from './suite.ts';

let shop: Shop;
let browser: Browser;
shopSuite((s) => ({ shop, browser } = s));

const csv = (n: number) =>
  Buffer.from(
    `nome;avaliacao;estrelas;cidade\n${Array.from({ length: n }, (_, i) => `Cliente ${i};Gostei ${i};5;Recife - PE`).join('\n')}\n`,
  );

describe('Avaliações: the preview promises what the import does', () => {
  for (const width of [1280, 390]) {
    it(`with too few reviews it says how many each product really gets, never '4 a 7' (${width} px)`, async () => {
      const products = ((await (await fetch(`${shop.url}/api/products/list.php`)).json()) as unknown[]).length;
      assert.ok(products > 5, 'the demo has more than 5 products');
      const { context, page } = await openAdmin(browser, shop, '/admin/avaliacoes', { width });
      const help = await page.getByRole('region', { name: 'Formato do arquivo CSV' }).textContent();
      assert.ok(!help?.includes('Cada produto recebe de 4 a 7 avaliações do arquivo,'), 'no unconditional promise');
      assert.ok(help?.includes('com menos, elas são divididas por igual'));

      await page.locator('input[type=file]').setInputFiles({ name: 'poucas.csv', mimeType: 'text/csv', buffer: csv(5) });
      const share = page.getByTestId('preview-share');
      await share.waitFor();
      const text = (await share.textContent()) ?? '';
      assert.match(text, /Cada produto receberá de 0 a 1 avaliações\./);
      assert.match(text, new RegExp(`${products - 5} produtos ficarão sem avaliação\\.`));
      assert.match(text, new RegExp(`pelo menos ${4 * products} avaliações diferentes \\(tem 5\\)`));
      await page.screenshot({ path: `${SHOTS}/admin-reviews-preview-few-${width}.png`, fullPage: true });

      await page.locator('input[type=file]').setInputFiles({ name: 'muitas.csv', mimeType: 'text/csv', buffer: csv(7 * products) });
      await share.getByText('Cada produto receberá de 4 a 7 avaliações.').waitFor();
      await context.close();
    });
  }
});
