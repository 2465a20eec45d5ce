/**
 * The admin at a merchant's scale (issue 16): 'Produtos' and 'Organizar Produtos' over the
 * generated catalogue, in Chromium on this machine (1280×900, no throttling), signed in as the
 * bench admin. For each screen: the time from navigation to its first rows on screen and the
 * page's JavaScript heap once they are there; for 'Produtos' also a search keystroke, from the key
 * to its answer on screen (the search's debounce included). Chromium: CHROME_PATH or Debian's.
 *
 * Chromium runs on every core, as an owner's browser runs on their own machine, while the shop
 * stays pinned to its core (answering only the screen's own requests by then, so the browser may
 * share that core with it too): launched from the bench as it is pinned, the browser, renderer
 * and GPU processes and Playwright's driver shared the load generator's one core.
 * Measured 2026-11-30 on the 20,000-product shop, PostgreSQL: a keystroke 353-398 ms pinned
 * against 212-234 ms unpinned (the bench's 'Lighthouse' part unpins for the same reason).
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { pinSelfAwayFromServers, unpinSelf } from './processes.ts';

export type AdminScreen = { screen: string; firstRowsMs: number; keystrokeMs: number | null; heapMb: number; rows: number };

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  await cdp.detach();
  return used / 1024 / 1024;
}

/** Opens `path` signed in; resolves when `firstRow` is visible, with the time it took. */
async function open(browser: Browser, url: string, cookie: string, firstRow: (page: Page) => ReturnType<Page['getByTestId']>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const at = cookie.indexOf('=');
  // For the whole site: a cookie set for the page's URL would have path /admin, and the admin's reads go to /trpc.
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: new URL(url).origin }]);
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  await firstRow(page).first().waitFor({ timeout: 120_000 });
  return { page, firstRowsMs: performance.now() - started, close: () => context.close() };
}

/**
 * `search` is what an owner types to find one product (`slug`): all but its last character is
 * typed first and answered, then the last key is pressed and timed until that product's row shows.
 */
export async function adminScreenFigures(shopUrl: string, cookie: string, find: { search: string; slug: string }): Promise<AdminScreen[]> {
  unpinSelf();
  const browser = await chromium
    .launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] })
    .finally(pinSelfAwayFromServers);
  try {
    const out: AdminScreen[] = [];
    {
      const { page, firstRowsMs, close } = await open(browser, `${shopUrl}/admin/produtos`, cookie, (p) => p.getByTestId(/^product-/));
      const rows = await page.getByTestId(/^product-/).count();
      const heap = await heapMb(page);
      const box = page.getByRole('searchbox', { name: 'Buscar produto' });
      await box.fill(find.search.slice(0, -1));
      await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root'));
      const key = performance.now();
      await box.press(find.search.slice(-1));
      await page.getByTestId(`product-${find.slug}`).waitFor({ timeout: 60_000 });
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid^="product-"]').length <= n, 11);
      out.push({ screen: 'Produtos', firstRowsMs, keystrokeMs: performance.now() - key, heapMb: heap, rows });
      await close();
    }
    {
      const { page, firstRowsMs, close } = await open(browser, `${shopUrl}/admin/organizar-produtos`, cookie, (p) =>
        p.getByTestId('order-row'),
      );
      const rows = await page.getByTestId('order-row').count();
      out.push({ screen: 'Organizar Produtos', firstRowsMs, keystrokeMs: null, heapMb: await heapMb(page), rows });
      await close();
    }
    return out;
  } finally {
    await browser.close();
  }
}
