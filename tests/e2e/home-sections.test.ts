import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { LIMITS } from '../../shared/limits.ts';
import { adminPoster, openPage, seriousAxeViolations } from './browser.ts';
import { launchBrowser, type Shop, startShop } from './server.ts';

/**
 * A shop with more collections than the home carries (the demo's 3 and 7 more, one product
 * each): the page shows the first LIMITS.homeSectionsPerPage sections, and 'Ver mais coleções'
 * brings the rest in place; without JavaScript the button is not offered.
 */
const SHOTS = 'screenshots';
const ADDED = 7;
let shop: Shop;
let browser: Browser;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  shop = await startShop();
  browser = await launchBrowser();
  const post = await adminPoster(shop);
  for (let i = 1; i <= ADDED; i++) {
    const created = await post('/api/collections/create.php', { name: `Coleção Extra ${i}` });
    const form = new FormData();
    form.set('title', `Produto Extra ${i}`);
    form.set('price', '19.90');
    form.set('collection_id', String(created.id));
    await post('/api/products/create.php', form);
  }
  // The phone's menu button on the right: the desktop nav's menu still slides in from the left.
  await post('/settings/update.php', { header_mobile_menu_position: 'right' });
});
after(async () => {
  await browser?.close();
  await shop?.stop();
});

const sections = (page: Page) => page.locator('main section[aria-labelledby^="home-collection-"]');
const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]');
/** Two frames: sections are `content-visibility: auto`, painted only once they near the viewport. */
const painted = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

describe('home collection sections past the first page', () => {
  it("shows the first page, then the rest in place on 'Ver mais coleções'", async () => {
    for (const width of [390, 1280]) {
      const { context, page, errors } = await openPage(browser, shop, { width });
      const calls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/trpc/')) calls.push(r.url());
      });
      await page.goto(`${shop.url}/`);
      await hydrated(page);
      assert.equal(await sections(page).count(), LIMITS.homeSectionsPerPage);
      assert.equal(calls.length, 0, 'nothing is asked for before the shopper does');
      const more = page.getByRole('button', { name: 'Ver mais coleções' });
      await more.scrollIntoViewIfNeeded();
      await painted(page);
      await page.screenshot({ path: `${SHOTS}/home-more-collections-${width}.png` });
      await more.click();
      await page.getByRole('heading', { name: `Coleção Extra ${ADDED}` }).waitFor();
      assert.equal(await sections(page).count(), 3 + ADDED);
      assert.equal(await more.count(), 0, 'no button once every section is shown');
      assert.equal(calls.filter((u) => u.includes('catalog.homeSections')).length, 1);
      await page.getByRole('heading', { name: `Coleção Extra ${ADDED}` }).scrollIntoViewIfNeeded();
      await painted(page);
      await page.screenshot({ path: `${SHOTS}/home-more-collections-loaded-${width}.png` });
      assert.deepEqual(await seriousAxeViolations(page), []);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  it("the header links to the first collections; 'Todas as coleções' opens the menu with every one", async () => {
    const { context, page, errors } = await openPage(browser, shop, { width: 1280 });
    await page.goto(`${shop.url}/`);
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    assert.equal(await nav.getByRole('link').count(), 1 + LIMITS.headerNavCollections);
    await nav.getByRole('button', { name: 'Todas as coleções' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    assert.equal(await menu.getByRole('link').count(), 1 + 3 + ADDED);
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    assert.equal(await menu.getAttribute('data-side'), 'left', 'from the nav, on the left, whatever the phone setting');
    assert.equal((await menu.boundingBox())?.x, 0);
    await page.screenshot({ path: `${SHOTS}/header-all-collections-1280.png` });
    await menu.getByRole('link', { name: `Coleção Extra ${ADDED}` }).click();
    await page.waitForURL(/\/colecao\/colecao-extra-7$/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('on a phone the menu button opens the menu from the side the shop set', async () => {
    const { context, page, errors } = await openPage(browser, shop, { width: 390 });
    await page.goto(`${shop.url}/`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    assert.equal(await menu.getAttribute('data-side'), 'right');
    const box = await menu.boundingBox();
    assert.ok(box && Math.abs(box.x + box.width - 390) < 1, `at the right edge: ${JSON.stringify(box)}`);
    await page.screenshot({ path: `${SHOTS}/header-menu-right-390.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('without JavaScript the page has its first sections and no button that would do nothing', async () => {
    const { context, page } = await openPage(browser, shop, { width: 1280, javaScriptEnabled: false });
    await page.goto(`${shop.url}/`);
    assert.equal(await sections(page).count(), LIMITS.homeSectionsPerPage);
    assert.equal(await page.getByRole('button', { name: 'Ver mais coleções' }).count(), 0);
    await context.close();
  });
});
