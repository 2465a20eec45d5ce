import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { formCard } from './admin-catalog.helpers.ts';
import { adminLogin } from './browser.ts';
import type { Shop } from './server.ts';
import { shopSuite, toast } from './suite.ts';

let shop: Shop;
let browser: Browser;
let cookie: string;
shopSuite((s) => ({ shop, browser, cookie } = s), { admin: true });

/**
 * The admin after its own saves, in a browser whose HTTP cache works as a shopper's does (no
 * request interception: Playwright turns the cache off in a routed context, which hid this).
 * Public reads used to say `max-age=0, s-maxage=30, stale-while-revalidate=60`; Chromium then
 * answered the admin's refetch after a save from its own cache, and the list showed the old data.
 */
async function cachedAnswers(page: Page): Promise<{ cdp: CDPSession; fromCache: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fromCache: string[] = [];
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.url.includes('/trpc/') && (e.response.fromDiskCache || e.response.fromPrefetchCache)) fromCache.push(e.response.url);
  });
  return { cdp, fromCache };
}

const post = (path: string, body: object) =>
  fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: shop.url },
    body: JSON.stringify(body),
  });

describe('the admin shows the database as it is after its own save', () => {
  it('an edited announcement bar and a toggled collection show their saved state at once, with no answer from the browser cache', async () => {
    assert.equal((await post('/api/top_headers/create.php', { text: 'Aviso antigo' })).status, 200);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await adminLogin(page, shop, '/admin/top-headers');
    const { fromCache } = await cachedAnswers(page);

    // Visit another section and come back: the list is read again (and is in the browser's cache).
    const rows = page.getByTestId(/^top-header-/);
    await rows.filter({ hasText: 'Aviso antigo' }).waitFor();
    await page.getByRole('link', { name: 'Coleções' }).first().click();
    await page.getByRole('link', { name: 'Top Headers' }).first().click();
    await rows.filter({ hasText: 'Aviso antigo' }).waitFor();

    await rows
      .filter({ hasText: 'Aviso antigo' })
      .getByRole('button', { name: /^Editar / })
      .click();
    await formCard(page, 'Editar top header').getByRole('textbox', { name: 'Texto', exact: true }).fill('Aviso novo');
    await formCard(page, 'Editar top header').getByRole('button', { name: 'Salvar alterações' }).click();
    await toast(page, 'Top Header atualizado!');
    await rows.filter({ hasText: 'Aviso novo' }).waitFor({ timeout: 3000 });
    assert.equal(await rows.filter({ hasText: 'Aviso antigo' }).count(), 0, 'the old text is gone from the list');

    // A collection's switch: on after 'activate', and it stays on (the list read back agrees).
    assert.equal((await post('/api/collections/create.php', { name: 'Lançamentos frescos' })).status, 200);
    await page.getByRole('link', { name: 'Coleções' }).first().click();
    const row = page.getByTestId(/^collection-/).filter({ hasText: 'Lançamentos frescos' });
    await row.waitFor();
    const toggle = row.getByRole('switch');
    const wasOn = await toggle.isChecked();
    await toggle.click({ force: true });
    await page.waitForFunction(
      ([want]) =>
        [...document.querySelectorAll('[data-testid^="collection-"]')]
          .find((r) => r.textContent?.includes('Lançamentos frescos'))
          ?.querySelector<HTMLInputElement>('[role="switch"]')?.checked === want,
      [!wasOn],
      { timeout: 3000 },
    );
    await page.waitForTimeout(500); // any refetch that would flip it back has landed
    assert.equal(await toggle.isChecked(), !wasOn, 'the switch shows what the server saved');
    const saved = (await (await fetch(`${shop.url}/api/collections/list.php`, { headers: { cookie } })).json()) as {
      name: string;
      active: boolean | number;
    }[];
    assert.equal(Boolean(saved.find((c) => c.name === 'Lançamentos frescos')?.active), !wasOn);

    assert.deepEqual(fromCache, [], 'no read was answered from the browser cache without asking the server');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a change saved elsewhere (another tab, another admin) shows when the tab comes back to the front', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await adminLogin(page, shop, '/admin/top-headers');
    const rows = page.getByTestId(/^top-header-/);
    await rows.first().waitFor();
    assert.equal((await post('/api/top_headers/create.php', { text: 'Aviso de outra aba' })).status, 200);
    await page.waitForTimeout(300);
    assert.equal(await rows.filter({ hasText: 'Aviso de outra aba' }).count(), 0, 'not read while the tab stays where it is');
    // The tab is hidden, then shown again (what switching tabs or windows does).
    await page.evaluate(() => {
      const show = (state: string) => {
        Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      };
      show('hidden');
      show('visible');
    });
    await rows.filter({ hasText: 'Aviso de outra aba' }).waitFor({ timeout: 5000 });
    await context.close();
  });
});
