import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { LIMITS } from '../../shared/limits.ts';
import { adminPoster, openPage, seriousAxeViolations } from './browser.ts';
import { launchBrowser, type Shop, startShop } from './server.ts';

/**
 * The collection page's sort, filters and 'Ver mais' in a real browser, with and without
 * JavaScript, on a collection of 30 products created through the admin API.
 */
const SHOTS = 'screenshots';
const COUNT = 30;
let shop: Shop;
let browser: Browser;
let path = '';
type Made = { id: number; title: string; price: number; onSale: boolean };
const made: Made[] = [];

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  shop = await startShop();
  browser = await launchBrowser();
  const post = await adminPoster(shop);
  const created = await post('/api/collections/create.php', { name: 'Básicos do Dia a Dia' });
  path = `/colecao/${created.collection.slug}`;
  const names = ['Ácido', 'abacate', 'Zinco', 'Éter', 'ébano', 'Ocre', 'Ônix', 'urso'];
  for (let i = 0; i < COUNT; i++) {
    const price = 20 + ((i * 37) % 200) + 0.9; // distinct prices from 20.90 to 219.90
    const onSale = i % 3 === 0;
    const form = new FormData();
    form.set('title', `${names[i % names.length]} ${String(i).padStart(2, '0')}`);
    form.set('price', price.toFixed(2));
    if (onSale) form.set('old_price', (price + 30).toFixed(2));
    form.set('collection_id', String(created.id));
    const p = await post('/api/products/create.php', form);
    made.push({ id: p.id, title: p.product.title, price, onSale });
  }
});
after(async () => {
  await browser?.close();
  await shop?.stop();
});

const titles = (page: Page) => page.locator('main article h2').allTextContents();
const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]');
/**
 * axe on a still page: the announcement bar's fade-in (every 4 s) would otherwise be measured
 * half-transparent now and then. Contrast is a property of the resting colours.
 */
async function axe(page: Page): Promise<string[]> {
  await page.addStyleTag({ content: '*, *::before, *::after { animation: none !important; transition: none !important; }' });
  return seriousAxeViolations(page);
}
const byPrice = (list: Made[]) => [...list].sort((a, b) => a.price - b.price).map((m) => m.title);
/** Waits until the grid shows exactly these titles (the client renders after the fetch). */
const waitForTitles = (page: Page, expected: string[]) =>
  page.waitForFunction(
    (want) => JSON.stringify([...document.querySelectorAll('main article h2')].map((h) => h.textContent)) === want,
    JSON.stringify(expected),
  );
function trpcCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/trpc/')) calls.push(decodeURIComponent(r.url()));
  });
  return calls;
}

describe('collection page with JavaScript', () => {
  it('hydrates without a tRPC request, then sorts and filters in place, keeping the URL', async () => {
    const { context, page, errors } = await openPage(browser, shop, { width: 1280 });
    const calls = trpcCalls(page);
    await page.goto(`${shop.url}${path}?ordem=nome&pagina=2`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(calls, [], 'the server-rendered data is reused');
    const collator = new Intl.Collator('und');
    const byName = made.map((m) => m.title).sort(collator.compare);
    assert.deepEqual(await titles(page), byName.slice(LIMITS.collectionPageSize), 'page 2 alone');

    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByLabel('Ordenar por').selectOption('preco-asc');
    await page.waitForURL(/\?ordem=preco-asc$/);
    await waitForTitles(page, byPrice(made).slice(0, LIMITS.collectionPageSize));

    await page.locator('summary', { hasText: 'Filtrar' }).click();
    await page.getByLabel('Mínimo').fill('50');
    await page.getByLabel('Máximo').fill('150');
    await page.getByLabel('Em promoção').check();
    await page.screenshot({ path: `${SHOTS}/collection-filter-open-1280.png` });
    assert.deepEqual(await axe(page), []);
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.waitForURL(/\?ordem=preco-asc&min=50&max=150&promocao=1$/);
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'SUMMARY', 'the focus returns to the closed panel’s toggle');
    const filtered = made.filter((m) => m.onSale && m.price >= 50 && m.price <= 150);
    await waitForTitles(page, byPrice(filtered));
    assert.equal(await page.locator('main p[aria-live]').textContent(), `${filtered.length} produtos`);
    assert.equal(await page.evaluate(() => 'sameDocument' in window), true, 'no full page load');
    assert.deepEqual(await axe(page), []);
    await page.screenshot({ path: `${SHOTS}/collection-filtered-1280.png`, fullPage: true });

    // The same URL without JavaScript: the server renders the same products and count.
    const noJs = await openPage(browser, shop, { width: 1280, javaScriptEnabled: false });
    await noJs.page.goto(page.url());
    assert.deepEqual(await titles(noJs.page), await titles(page));
    assert.equal(await noJs.page.locator('main p[aria-live]').textContent(), `${filtered.length} produtos`);
    await noJs.context.close();

    // Each filter in force is a chip that removes it.
    await page.getByRole('link', { name: 'Remover filtro: Em promoção' }).click();
    await page.waitForURL(/\?ordem=preco-asc&min=50&max=150$/);
    await waitForTitles(page, byPrice(made.filter((m) => m.price >= 50 && m.price <= 150)));
    // Back returns to the previous filters, fields included.
    await page.goBack();
    await page.waitForURL(/promocao=1$/);
    await waitForTitles(page, byPrice(filtered));
    assert.equal(await page.locator('input[name="promocao"]').isChecked(), true);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("'Ver mais' loads the next page in place, replaces the URL and keeps the scroll", async () => {
    const { context, page, errors } = await openPage(browser, shop, { width: 390, height: 844 });
    const calls = trpcCalls(page);
    await page.goto(`${shop.url}${path}?ordem=preco-desc`);
    await hydrated(page);
    const desc = byPrice(made).reverse();
    assert.deepEqual(await titles(page), desc.slice(0, LIMITS.collectionPageSize));
    assert.equal(await page.getByText(`Mostrando ${LIMITS.collectionPageSize} de ${COUNT}`).count(), 1);
    const more = page.getByRole('link', { name: 'Ver mais' });
    assert.equal(await more.getAttribute('href'), `${path}?ordem=preco-desc&pagina=2`);
    await more.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/collection-more-390.png` });
    const before = await page.evaluate(() => ({ y: window.scrollY, history: history.length }));
    await more.click();
    await waitForTitles(page, desc);
    await page.waitForURL(/\?ordem=preco-desc&pagina=2$/);
    const after = await page.evaluate(() => ({ y: window.scrollY, history: history.length }));
    assert.equal(after.history, before.history, 'the URL is replaced, not pushed');
    assert.ok(Math.abs(after.y - before.y) < 2, `no scroll jump (${before.y} → ${after.y})`);
    assert.equal(await page.getByRole('link', { name: 'Ver mais' }).count(), 0, 'no more pages');
    assert.equal(await page.evaluate(() => document.activeElement?.closest('article')?.querySelector('h2')?.textContent), desc[24]);
    assert.equal(calls.length, 1, 'one request for the next page only');
    assert.match(calls[0] ?? '', /"cursor":\{"from":2,"to":2\}/);

    // A reload opens at the page the URL names; 'Ver anteriores' brings the first one back above it.
    await page.reload();
    await hydrated(page);
    assert.deepEqual(await titles(page), desc.slice(LIMITS.collectionPageSize), 'a reload keeps the place');
    const previous = page.getByRole('link', { name: 'Ver anteriores' });
    assert.equal(await previous.getAttribute('href'), `${path}?ordem=preco-desc`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/collection-previous-390.png` });
    calls.length = 0;
    await previous.click();
    await waitForTitles(page, desc);
    assert.equal(await page.getByRole('link', { name: 'Ver anteriores' }).count(), 0, 'no page before the first');
    assert.equal(await page.evaluate(() => document.activeElement?.closest('article')?.querySelector('h2')?.textContent), desc[0]);
    assert.equal(calls.length, 1, 'one request for the page before only');
    assert.match(calls[0] ?? '', /"cursor":\{"from":1,"to":1\}/);
    assert.match(page.url(), /\?ordem=preco-desc&pagina=2$/, 'the URL still names the last page loaded');

    assert.deepEqual(errors, []);
    await context.close();
  });

  it("the collection's own link from a later page opens its first page again, in place", async () => {
    const { context, page, errors } = await openPage(browser, shop, { width: 1280 });
    await page.goto(`${shop.url}${path}`);
    const first = await titles(page);
    await page.goto(`${shop.url}${path}?pagina=2`);
    await hydrated(page);
    assert.equal((await titles(page)).length, COUNT - LIMITS.collectionPageSize);
    await page.screenshot({ path: `${SHOTS}/collection-previous-1280.png` });
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator(`header a[href="${path}"]`).first().click();
    await page.waitForURL((u) => u.pathname === path && u.search === '');
    await waitForTitles(page, first);
    assert.equal(await page.getByRole('link', { name: 'Ver anteriores' }).count(), 0);
    assert.equal(await page.evaluate(() => 'sameDocument' in window), true, 'no full page load');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('an unmatched filter shows its own empty state, and the clear link brings the products back', async () => {
    const { context, page, errors } = await openPage(browser, shop, { width: 390, height: 844 });
    await page.goto(`${shop.url}${path}?ordem=nome&min=5000`);
    await hydrated(page);
    await page.getByText('Nenhum produto encontrado com esses filtros').waitFor();
    assert.equal(await page.getByText('Nenhum produto nesta coleção ainda.').count(), 0);
    await page.getByRole('main').getByRole('link', { name: 'Limpar filtros' }).click();
    await page.waitForURL(/\?ordem=nome$/);
    await page.locator('main article').first().waitFor();
    assert.equal((await titles(page)).length, LIMITS.collectionPageSize);
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const width of [390, 1280]) {
    it(`has no serious axe violations at ${width}px, filter panel closed and open`, async () => {
      const { context, page, errors } = await openPage(browser, shop, { width, height: 844 });
      await page.goto(`${shop.url}${path}?ordem=preco-asc&promocao=1`);
      await hydrated(page);
      assert.deepEqual(await axe(page), []);
      await page.screenshot({ path: `${SHOTS}/collection-sorted-${width}.png` });
      await page.locator('summary', { hasText: 'Filtrar' }).click();
      await page.getByLabel('Mínimo').waitFor();
      assert.deepEqual(await axe(page), []);
      await page.screenshot({ path: `${SHOTS}/collection-panel-${width}.png` });
      await page.keyboard.press('Escape');
      assert.equal(await page.getByLabel('Mínimo').isVisible(), false, 'Escape closes the panel');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('collection page without JavaScript', () => {
  it('sorts and filters through the GET form and pages through the Ver mais link', async () => {
    const { context, page, errors } = await openPage(browser, shop, { width: 390, height: 844, javaScriptEnabled: false });
    await page.goto(`${shop.url}${path}`);
    assert.equal((await titles(page)).length, LIMITS.collectionPageSize);
    await page.getByRole('link', { name: 'Ver mais' }).click();
    await page.waitForURL(/\?pagina=2$/);
    assert.equal((await titles(page)).length, COUNT - LIMITS.collectionPageSize, 'the second page alone');
    await page.getByRole('link', { name: 'Ver anteriores' }).click();
    await page.waitForURL((u) => u.search === '');
    assert.equal((await titles(page)).length, LIMITS.collectionPageSize);

    await page.getByLabel('Ordenar por').selectOption('preco-asc');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.waitForURL(/ordem=preco-asc/);
    assert.deepEqual(await titles(page), byPrice(made).slice(0, LIMITS.collectionPageSize), 'a new sort starts at page 1');

    await page.locator('summary', { hasText: 'Filtrar' }).click();
    await page.getByLabel('Mínimo').fill('100');
    await page.getByLabel('Em promoção').check();
    await page.locator('details').getByRole('button', { name: 'Aplicar' }).click();
    await page.waitForURL(/min=100/);
    assert.deepEqual(await titles(page), byPrice(made.filter((m) => m.onSale && m.price >= 100)));
    await page.screenshot({ path: `${SHOTS}/collection-nojs-390.png`, fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('answers a bad query with the normal page, never an error', async () => {
    for (const q of ['?ordem=x&min=abc&max=-1&promocao=talvez&pagina=-3', '?pagina=99999&min=%ZZ', '?ordem[]=1&min=1e400']) {
      const res = await fetch(`${shop.url}${path}${q}`);
      assert.equal(res.status, 200, q);
      assert.match(await res.text(), /Básicos do Dia a Dia/);
    }
    assert.equal((await fetch(`${shop.url}/colecao/nao-existe?ordem=nome`)).status, 404);
  });
});
