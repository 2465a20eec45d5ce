import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { seriousAxeViolations } from './browser.ts';
import { type Shop, startShop } from './server.ts';
import { openAdmin, SHOTS, shopSuite } from './suite.ts';

const OWN_SHOTS = process.env.SHOTS_DIR ?? SHOTS;

let shop: Shop;
let browser: Browser;
let empty: Shop;
shopSuite((s) => ({ shop, browser } = s));
before(async () => {
  empty = await startShop({ SEED_DEMO: 'false' });
});
after(async () => {
  await empty?.stop();
});

let archive = '';

describe('admin Backup section', () => {
  it('a shop with content: downloads its archive; restore is pointed to the command line', async () => {
    for (const width of [390, 1280]) {
      const { page, context, errors } = await openAdmin(browser, shop, '/admin/backup', { width });
      await page.getByRole('heading', { name: 'Baixar backup' }).waitFor();
      await page.getByText('A restauração pelo painel só é possível numa loja vazia').waitFor();
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.screenshot({ path: `${OWN_SHOTS}/backup-with-content-${width}.png`, fullPage: true });
      if (width === 1280) {
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Baixar backup' }).click()]);
        assert.match(download.suggestedFilename(), /^loja-backup-.*\.tar\.gz$/);
        archive = `${OWN_SHOTS}/downloaded-backup.tar.gz`;
        await download.saveAs(archive);
        assert.deepEqual([...readFileSync(archive).subarray(0, 2)], [0x1f, 0x8b]);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  it('an empty shop: restores the downloaded archive with progress and says what it restored', async () => {
    assert.ok(archive, 'the download test ran first');
    const { page: narrow, context: narrowContext } = await openAdmin(browser, empty, '/admin/backup', { width: 390 });
    await narrow.getByRole('button', { name: 'Restaurar backup' }).waitFor();
    await narrow.screenshot({ path: `${OWN_SHOTS}/backup-empty-390.png`, fullPage: true });
    await narrowContext.close();

    const { page, context, errors } = await openAdmin(browser, empty, '/admin/backup', { width: 1280 });
    await page.getByRole('button', { name: 'Restaurar backup' }).click();
    await page.getByText('Selecione um arquivo de backup (.tar.gz)').waitFor();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByLabel('Arquivo de backup').click()]);
    await chooser.setFiles(archive);
    await page.screenshot({ path: `${OWN_SHOTS}/backup-empty-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Restaurar backup' }).click();
    const done = page.getByRole('status').filter({ hasText: 'Backup restaurado' });
    await done.waitFor({ timeout: 60_000 });
    assert.match((await done.textContent()) ?? '', /Foram restaurados \d+ registros e \d+ arquivos de imagem\./);
    await page.screenshot({ path: `${OWN_SHOTS}/backup-restored-1280.png`, fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();

    const home = await (await fetch(`${empty.url}/`)).text();
    const demo = await (await fetch(`${shop.url}/`)).text();
    const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
    assert.equal(title(home), title(demo));
    const products = (await (await fetch(`${empty.url}/api/products/list.php`)).json()) as unknown[];
    assert.ok(Array.isArray(products) && products.length > 0, 'the restored shop lists products');
  });
});
