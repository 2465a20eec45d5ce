import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page, Route } from 'playwright-core';
import { formatMoney } from '../../shared/currencies.ts';
import { type OpenedPage, openPage, seriousAxeViolations } from './browser.ts';
import type { Shop } from './server.ts';
import { SHOTS, shopSuite } from './suite.ts';

let shop: Shop;
let browser: Browser;
shopSuite((s) => ({ shop, browser } = s));

type Found = { title: string; slug: string; price: string; old_price: string | null };
/** What the shop's search answers for a term (the same procedure the overlay calls). */
async function searchApi(q: string): Promise<Found[]> {
  const input = encodeURIComponent(JSON.stringify({ q, limit: 8 }));
  const res = await fetch(`${shop.url}/trpc/catalog.products?input=${input}`);
  return (await res.json()).result.data as Found[];
}

/** A tRPC request that carries the search procedure (batched or alone). */
const isSearch = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('catalog.products');

/** The hydrated home page, counting the search requests it sends. */
async function home(width = 1280, height = 900): Promise<OpenedPage & { searches: string[] }> {
  const opened = await openPage(browser, shop, { width, height });
  const searches: string[] = [];
  opened.page.on('request', (r) => {
    if (isSearch(new URL(r.url()))) searches.push(decodeURIComponent(r.url()));
  });
  await opened.page.goto(shop.url);
  await opened.page.waitForSelector('html[data-hydrated="true"]');
  return { ...opened, searches };
}

const searchButton = (page: Page) => page.getByRole('button', { name: 'Buscar', exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Buscar produtos' });
const field = (page: Page) => page.getByRole('combobox', { name: 'Buscar produtos' });
const status = (page: Page) => dialog(page).getByRole('status');
const options = (page: Page) => page.getByRole('option');
/** The focused element's accessible label and the dialog it sits in. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { label: el?.getAttribute('aria-label') ?? null, dialog: el?.closest('[role="dialog"]')?.getAttribute('aria-label') ?? null };
  });

async function openSearch(page: Page) {
  await searchButton(page).click();
  await dialog(page).waitFor();
  await page.waitForTimeout(250); // the opening animation
}

/** Types a term and waits until the listed options are exactly the shop's answer for it. */
async function searchFor(page: Page, term: string): Promise<Found[]> {
  const expected = await searchApi(term);
  await field(page).fill(term);
  await page.waitForFunction(
    (names) => [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent).join('|') === names,
    expected
      .map(
        (p) => `${p.title}${p.old_price && Number(p.old_price) > Number(p.price) ? formatMoney(p.old_price) : ''}${formatMoney(p.price)}`,
      )
      .join('|'),
  );
  return expected;
}

describe('search overlay', () => {
  it('debounces typing into ONE request and never asks for a blank term', async () => {
    const { context, page, errors, searches } = await home();
    await openSearch(page);
    assert.deepEqual(await focused(page), { label: 'Buscar produtos', dialog: 'Buscar produtos' }, 'the field is focused');
    await field(page).pressSequentially('    ', { delay: 40 });
    await page.waitForTimeout(700);
    assert.deepEqual(searches, [], 'a blank term sends nothing');
    assert.equal(await status(page).textContent(), 'Digite para buscar produtos');

    await field(page).fill('');
    await field(page).pressSequentially('camiseta', { delay: 60 });
    await options(page).first().waitFor();
    await page.waitForTimeout(700);
    assert.equal(searches.length, 1, `one request for the whole word: ${searches.join(', ')}`);
    assert.match(searches[0] ?? '', /"q":"camiseta","limit":8/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows the empty, searching, results and nothing-found states', async () => {
    const { context, page, errors } = await home();
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(isSearch, async (route: Route) => {
      await held;
      await route.continue();
    });
    await openSearch(page);
    assert.equal(await status(page).textContent(), 'Digite para buscar produtos');
    assert.equal(await options(page).count(), 0);

    await field(page).fill('caneca');
    await status(page).getByText('Buscando...').waitFor();
    release();
    const found = await searchFor(page, 'caneca');
    assert.ok(found.length > 0 && found.length <= 8);
    assert.deepEqual(await options(page).locator('span').first().allTextContents(), [found[0]?.title]);
    await status(page).getByText(`${found.length} produtos encontrados`).waitFor();

    await field(page).fill('zzqxw');
    await status(page).getByText('Nenhum produto encontrado').waitFor();
    assert.equal(await options(page).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('keeps the previous results when a search fails, and ends loading', async () => {
    const { context, page, errors } = await home();
    await openSearch(page);
    const before = await searchFor(page, 'cam');
    await page.route(isSearch, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }), { times: 1 });
    const failed = page.waitForResponse((r) => isSearch(new URL(r.url())) && r.status() === 500);
    await field(page).fill('caneca');
    await failed;
    await status(page).getByText(`${before.length} produtos encontrados`).waitFor();
    const names = await options(page).evaluateAll((els) => els.map((e) => e.querySelector('span')?.textContent));
    assert.deepEqual(
      names,
      before.map((p) => p.title),
    );
    // The failure is only logged.
    assert.equal(errors.filter((e) => e.startsWith('error: Falha na busca de produtos')).length, 1, errors.join('\n'));
    assert.deepEqual(
      errors.filter((e) => !e.startsWith('error: Falha na busca de produtos') && !/^http 500: .*catalog\.products/.test(e)),
      [],
    );
    await context.close();
  });

  for (const width of [390, 1280]) {
    it(`clearing the field after results (Backspace to empty, select all + Delete) shows the empty state, no crash (${width})`, async () => {
      const { context, page, errors } = await home(width, width < 600 ? 844 : 900);
      const clears: [string, () => Promise<void>][] = [
        [
          'Backspace to empty',
          async () => {
            for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
          },
        ],
        [
          'select all + Delete',
          async () => {
            await page.keyboard.press('ControlOrMeta+A');
            await page.keyboard.press('Delete');
          },
        ],
      ];
      await openSearch(page);
      for (const [how, clear] of clears) {
        const found = await searchFor(page, 'cam');
        assert.ok(found.length > 0, 'the term has results');
        await clear();
        // Past the debounce, so the stale answer for 'cam' meets the blank field.
        await page.waitForTimeout(700);
        assert.deepEqual(errors, [], `${how}: no page error`);
        assert.equal(await dialog(page).count(), 1, `${how}: the overlay is still there`);
        assert.equal(await field(page).inputValue({ timeout: 2000 }), '', how);
        assert.equal(await status(page).textContent(), 'Digite para buscar produtos', how);
        assert.equal(await options(page).count(), 0, how);
      }
      // The field still works after being cleared.
      await searchFor(page, 'caneca');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('moves through results with the arrow keys and opens one with Enter', async () => {
    const { context, page, errors } = await home();
    await openSearch(page);
    const found = await searchFor(page, 'cam');
    assert.ok(found.length >= 3);
    const active = () =>
      page.evaluate(() => {
        const input = document.querySelector('[role="combobox"]');
        const id = input?.getAttribute('aria-activedescendant');
        const selected = [...document.querySelectorAll('[role="option"][aria-selected="true"]')];
        return { index: [...document.querySelectorAll('[role="option"]')].findIndex((o) => o.id === id), selected: selected.length, id };
      });
    assert.deepEqual((await active()).index, -1);
    await page.keyboard.press('ArrowDown');
    const first = await active();
    assert.equal(first.index, 0);
    assert.equal(first.selected, 1, 'exactly one option is selected');
    await page.keyboard.press('ArrowDown');
    assert.equal((await active()).index, 1);
    await page.keyboard.press('ArrowUp');
    assert.equal((await active()).index, 0);
    await page.keyboard.press('ArrowUp');
    assert.equal((await active()).index, found.length - 1, 'wraps to the last');
    await page.keyboard.press('ArrowDown');
    assert.equal((await active()).index, 0, 'wraps to the first');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const chosen = found[1];
    assert.ok(chosen);
    await page.waitForURL(`**/produto/${chosen.slug}`);
    await page.getByRole('heading', { level: 1, name: chosen.title }).waitFor();
    assert.equal(await dialog(page).count(), 0, 'the overlay closed');
    assert.equal((await focused(page)).label, 'Buscar', 'focus is back on the search button');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('closes with Escape and returns focus; Tab stays inside', async () => {
    const { context, page, errors } = await home();
    await openSearch(page);
    for (const expected of ['Fechar', 'Buscar produtos', 'Fechar', 'Buscar produtos']) {
      await page.keyboard.press('Tab');
      assert.deepEqual(await focused(page), { label: expected, dialog: 'Buscar produtos' });
    }
    await page.keyboard.press('Shift+Tab');
    assert.deepEqual(await focused(page), { label: 'Fechar', dialog: 'Buscar produtos' });
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    assert.deepEqual(await focused(page), { label: 'Buscar', dialog: null });
    assert.equal(await page.evaluate(() => document.body.style.overflow), '', 'the page scrolls again');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('closes on a click outside or the close button, clearing term and results', async () => {
    const { context, page, errors } = await home();
    for (const close of [() => page.mouse.click(40, 860), () => dialog(page).getByRole('button', { name: 'Fechar' }).click()]) {
      await openSearch(page);
      await searchFor(page, 'cam');
      await close();
      await dialog(page).waitFor({ state: 'detached' });
      assert.equal((await focused(page)).label, 'Buscar');
      await openSearch(page);
      assert.equal(await field(page).inputValue(), '');
      assert.equal(await status(page).textContent(), 'Digite para buscar produtos');
      assert.equal(await options(page).count(), 0);
      await page.keyboard.press('Escape');
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('keeps the results area within 60% of a phone screen; no serious axe violations (390)', async () => {
    const { context, page, errors } = await home(390, 844);
    await openSearch(page);
    const found = await searchFor(page, 'com');
    assert.equal(found.length, 8, 'the term returns the maximum of 8');
    const area = await page.getByRole('listbox').evaluate((list) => ({
      height: list.parentElement?.getBoundingClientRect().height ?? 0,
      scrolls: (list.parentElement?.scrollHeight ?? 0) > (list.parentElement?.clientHeight ?? 0),
    }));
    assert.ok(area.height <= 0.6 * 844, `results area ${area.height}px`);
    assert.ok(area.scrolls, 'the eight results scroll inside the area');
    const panel = await dialog(page).boundingBox();
    assert.equal(panel?.width, 390, 'a full-width sheet on phones');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/search-390.png` });
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.keyboard.press('ArrowUp'); // the last result becomes active and scrolls into view
    const inView = await page.getByRole('listbox').evaluate((list) => {
      const area = list.parentElement?.getBoundingClientRect();
      const last = list.lastElementChild?.getBoundingClientRect();
      return !!area && !!last && last.top >= area.top - 1 && last.bottom <= area.bottom + 1;
    });
    assert.ok(inView, 'the active option is scrolled into view inside the area');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('is a centred panel on desktop; no serious axe violations (1280); reduced motion is respected', async () => {
    const { context, page, errors } = await home(1280, 900);
    await openSearch(page);
    await searchFor(page, 'cam');
    await page.keyboard.press('ArrowDown');
    const panel = await dialog(page).boundingBox();
    assert.ok(panel && panel.width <= 640 && Math.abs(panel.x + panel.width / 2 - 640) < 2, 'centred');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/search-1280.png` });
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.keyboard.press('Escape');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await searchButton(page).click();
    const animation = await dialog(page).evaluate((el) => getComputedStyle(el).animationName);
    assert.equal(animation, 'none');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('mobile menu', () => {
  it('is a modal dialog: focus moves in, Tab is trapped, Escape and a click outside return focus (390)', async () => {
    const { context, page, errors } = await home(390, 844);
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menuButton.click();
    await menu.waitFor();
    assert.equal((await focused(page)).dialog, 'Menu', 'focus is inside the menu');
    const links = await menu.getByRole('link').allTextContents();
    assert.deepEqual(links, ['Início', 'Camisetas', 'Acessórios', 'Casa & Decoração']);
    for (let i = 0; i < links.length + 3; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      assert.equal((await focused(page)).dialog, 'Menu', `focus stays inside (step ${i})`);
    }
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${SHOTS}/search-menu-390.png` });
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    assert.deepEqual(await focused(page), { label: 'Menu', dialog: null }, 'focus is back on the menu button');

    await menuButton.click();
    await menu.waitFor();
    await page.mouse.click(380, 420); // the backdrop beside the panel
    await menu.waitFor({ state: 'detached' });
    assert.equal((await focused(page)).label, 'Menu');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('search term length', () => {
  it('the field takes no more than the server accepts: a long term is cut at 200 characters and still answered', async () => {
    const { context, page, errors, searches } = await home(390, 844);
    await openSearch(page);
    await field(page).pressSequentially('garrafa '.repeat(40));
    const value = await field(page).inputValue();
    assert.equal(value.length, 200, 'the field stops at 200 characters');
    await searchFor(page, value);
    assert.ok(searches.length > 0, 'the cut term was searched');
    assert.deepEqual(errors, [], 'no failed search');
    await context.close();
  });
});
