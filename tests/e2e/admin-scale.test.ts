import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { openSection } from './admin-catalog.helpers.ts';
import { openPage } from './browser.ts';
import type { Shop } from './server.ts';
import { SHOTS, shopSuite, toast } from './suite.ts';

/**
 * The admin with a long list (issue 16): 250 products in one collection. 'Produtos' and
 * 'Organizar Produtos' show one page at a time, search on the server, and a move sends only the
 * product and its new place.
 */
let shop: Shop;
let browser: Browser;
let cookie: string;
shopSuite((s) => ({ shop, browser, cookie } = s), { admin: true });

const N = 250;
const title = (n: number) => `Item Grande ${String(n).padStart(3, '0')}`;
let collection = 0;

async function post(path: string, body: FormData | object): Promise<Response> {
  const form = body instanceof FormData;
  return fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { cookie, origin: shop.url, ...(form ? {} : { 'content-type': 'application/json' }) },
    body: form ? body : JSON.stringify(body),
  });
}

async function seed(): Promise<void> {
  const created = await post('/api/collections/create.php', { name: 'Coleção Grande' });
  collection = ((await created.json()) as { id: number }).id;
  // Three at a time: the shop takes in at most UPLOAD_SLOTS (3) multipart requests at once.
  for (let start = 1; start <= N; start += 3) {
    await Promise.all(
      Array.from({ length: Math.min(3, N - start + 1) }, async (_, i) => {
        const fd = new FormData();
        fd.set('title', title(start + i));
        fd.set('price', '19,90');
        fd.set('collection_id', String(collection));
        const res = await post('/api/products/create.php', fd);
        assert.equal(res.status, 200, await res.text());
      }),
    );
  }
  // The shop's order is the creation order; make it that of the titles (parallel creates may interleave).
  const ids = await serverOrder();
  const byTitle = [...ids].sort((a, b) => a.title.localeCompare(b.title));
  assert.equal((await post('/api/products/reorder.php', { orders: byTitle.map((p, position) => ({ id: p.id, position })) })).status, 200);
}

async function serverOrder(): Promise<{ id: number; title: string }[]> {
  const res = await fetch(`${shop.url}/api/products/list.php?collection_id=${collection}`);
  return ((await res.json()) as { id: number; title: string; position: number }[]).sort((a, b) => a.position - b.position || a.id - b.id);
}

/** The tRPC procedures the page calls, as they are called. */
function watchCalls(page: Page): { paths: string[]; bodies: string[] } {
  const seen = { paths: [] as string[], bodies: [] as string[] };
  page.on('request', (r) => {
    const m = /\/trpc\/([^?]+)/.exec(r.url());
    if (!m?.[1]) return;
    seen.paths.push(...decodeURIComponent(m[1]).split(','));
    if (r.method() === 'POST') seen.bodies.push(r.postData() ?? '');
  });
  return seen;
}

/** Elements wider than the screen, once the layout has settled after a resize (the admin shell animates). */
async function widerThanScreen(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, { timeout: 5000 }).catch(() => {});
  await page.waitForFunction(() => !document.querySelector('.mantine-Notification-root'), null, { timeout: 10_000 }).catch(() => {});
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName}.${el.className}`),
  );
}

const rowsOf = (page: Page, testId: string | RegExp) =>
  page.getByTestId(testId).evaluateAll((els) => els.map((e) => e.getAttribute('data-title') ?? e.querySelector('p')?.textContent ?? ''));

/** Waits until 'Produtos' draws at least `n` rows (the first ones come first: useFirstRows). */
const productRows = (page: Page, n: number) =>
  page.waitForFunction((min) => document.querySelectorAll('[data-testid^="product-"]').length >= min, n);

describe('admin with a long list', () => {
  before(seed);

  it("'Produtos': a page of 50, the server's search and the collection filter, edit opens the whole product", async () => {
    const { context, page, errors } = await openSection(browser, shop, '/admin/produtos');
    const calls = watchCalls(page);
    const rows = page.getByTestId(/^product-/);
    const filter = page.getByRole('combobox', { name: 'Filtrar por coleção' });
    await filter.click();
    await page.getByRole('option', { name: 'Coleção Grande', exact: true }).click();
    await page.getByText(`${N} produtos`, { exact: true }).waitFor();
    await page.getByTestId('product-item-grande-001').waitFor();
    // The first rows show first, the rest of the page right after (client/admin/crud/useFirstRows.ts).
    await productRows(page, 50);
    assert.equal(await rows.count(), 50, 'one page of 50');
    await page.getByRole('button', { name: 'Página 5' }).click();
    await page.getByTestId('product-item-grande-250').waitFor();
    await productRows(page, 50);
    assert.equal(await rows.count(), 50);
    assert.ok(await page.getByRole('button', { name: 'Próxima página' }).isDisabled(), 'the last page');
    await page.screenshot({ path: `${SHOTS}/admin-products-paged-1280.png`, fullPage: true });

    await page.getByRole('searchbox', { name: 'Buscar produto' }).fill('grande 123');
    await page.getByText('1 produto', { exact: true }).waitFor();
    assert.deepEqual(await rowsOf(page, /^product-/), [title(123)]);
    await page.getByRole('searchbox', { name: 'Buscar produto' }).fill('item-grande-2');
    await page.getByText('51 produtos', { exact: true }).waitFor(); // 200–250: words that start with 2
    await page.getByRole('button', { name: `Editar ${title(200)}` }).click();
    await page
      .getByRole('textbox', { name: /Título/ })
      .first()
      .waitFor();
    await page.waitForFunction((t) => [...document.querySelectorAll('input')].some((i) => i.value === t), title(200));

    assert.ok(!calls.paths.includes('products.list'), `the whole catalogue is never asked for: ${calls.paths.join(' ')}`);
    assert.ok(calls.paths.includes('products.get'), 'Editar loads the product');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('searchbox', { name: 'Buscar produto' }).fill('');
    await page.getByText(`${N} produtos`, { exact: true }).waitFor();
    assert.deepEqual(await widerThanScreen(page), [], 'nothing wider than the phone');
    await page.screenshot({ path: `${SHOTS}/admin-products-paged-390.png`, fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("a signed-in admin opening 'Produtos' or 'Organizar Produtos' draws the first rows from the page itself, asking nothing first", async () => {
    const { context, page, errors } = await openPage(browser, shop);
    const at = cookie.indexOf('=');
    await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: shop.url }]);
    // The page's own record of what it fetched, once the screen has run its effects: a query that
    // missed the shell's answers would have asked by then.
    const asked = async () => {
      await page.waitForTimeout(500);
      return page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/trpc/'))
          .map((e) => e.name),
      );
    };
    await page.goto(`${shop.url}/admin/produtos`);
    await page
      .getByTestId(/^product-/)
      .first()
      .waitFor();
    await productRows(page, 50);
    assert.equal(await page.getByTestId(/^product-/).count(), 50);
    await page.getByRole('combobox', { name: 'Filtrar por coleção' }).waitFor();
    assert.deepEqual(await asked(), [], 'the first reads came with the page');
    await page.goto(`${shop.url}/admin/organizar-produtos`);
    await page.getByTestId('order-row').first().waitFor();
    assert.deepEqual(await asked(), [], 'the first reads came with the page');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("'Organizar Produtos': pages of 100; a move to a typed place and across pages sends one product", async () => {
    const { context, page, errors } = await openSection(browser, shop, '/admin/organizar-produtos');
    const calls = watchCalls(page);
    await page.getByRole('combobox', { name: 'Lista' }).click();
    await page.getByRole('option', { name: /Coleção Grande/ }).click();
    await page.getByText(`Posições 1 a 100 de ${N}`).waitFor();
    // The first rows show first, the rest of the page right after (SortableProductList).
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-row"]').length >= 100);
    assert.equal(await page.getByTestId('order-row').count(), 100);
    assert.equal((await rowsOf(page, 'order-row'))[0], title(1));

    // 'Item Grande 001' to the last place, typed.
    await page.getByRole('button', { name: `Posição 1 de ${N}: mover ${title(1)} para outra posição` }).click();
    await page.getByRole('textbox', { name: `Nova posição (1 a ${N})` }).fill(String(N));
    await page.getByRole('button', { name: 'Mover', exact: true }).click();
    await toast(page, 'Ordem atualizada');
    await page.getByText(`${title(1)} movido para a posição ${N} de ${N}.`).waitFor({ state: 'attached' });
    let order = (await serverOrder()).map((p) => p.title);
    assert.equal(order.at(-1), title(1));
    assert.equal(order[0], title(2));
    assert.equal((await rowsOf(page, 'order-row'))[0], title(2));

    // Across a page: the first of page 2 goes up, onto page 1.
    await page.getByRole('button', { name: 'Página 2' }).click();
    await page.getByText(`Posições 101 a 200 de ${N}`).waitFor();
    const first = (await rowsOf(page, 'order-row'))[0] as string;
    assert.equal(first, title(102));
    await page.getByRole('button', { name: `Mover ${first} para cima` }).click();
    await toast(page, 'Ordem atualizada');
    order = (await serverOrder()).map((p) => p.title);
    assert.equal(order[99], title(102));
    assert.equal(order[100], title(101));
    await page.waitForFunction((t) => document.querySelector('[data-testid="order-row"]')?.getAttribute('data-title') === t, title(101));
    await page.screenshot({ path: `${SHOTS}/admin-product-order-paged-1280.png`, fullPage: true });

    const moves = calls.bodies.filter((b) => b.includes('"position"'));
    assert.equal(moves.length, 2);
    for (const body of moves) assert.ok(body.length < 200, `a move sends one product: ${body}`);
    assert.ok(!calls.paths.includes('products.list') && !calls.paths.includes('products.reorder'), calls.paths.join(' '));

    await page.setViewportSize({ width: 390, height: 844 });
    assert.deepEqual(await widerThanScreen(page), [], 'nothing wider than the phone');
    await page.screenshot({ path: `${SHOTS}/admin-product-order-paged-390.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
