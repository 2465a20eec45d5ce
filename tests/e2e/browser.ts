import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, type Shop } from './server.ts';

export type OpenedPage = { context: BrowserContext; page: Page; errors: string[] };

/**
 * A browser page that may reach only the shop (every other host is aborted, unless `route` handles
 * it first) and that records every console error or warning, page error and failed response.
 */
export async function openPage(
  browser: Browser,
  shop: Shop,
  opts: { width?: number; height?: number; javaScriptEnabled?: boolean; hasTouch?: boolean; isMobile?: boolean } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    hasTouch: opts.hasTouch,
    isMobile: opts.isMobile,
  });
  await context.route('**/*', (route) => (route.request().url().startsWith(shop.url) ? route.continue() : route.abort()));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !m.text().startsWith('Failed to load resource')) {
      errors.push(`${m.type()}: ${m.text()}`);
    }
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url().startsWith(shop.url)) errors.push(`http ${r.status()}: ${r.url()}`);
  });
  return { context, page, errors };
}

/** Signs in through the admin login form and waits for the dashboard. */
export async function adminLogin(page: Page, shop: Shop, path = '/admin'): Promise<void> {
  await page.goto(`${shop.url}${path}`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Senha').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('button', { name: 'Sair' }).waitFor();
}

/** The admin session cookie (`name=value`) from the legacy login, for setup calls with fetch. */
export async function adminCookie(shop: Shop): Promise<string> {
  const res = await fetch(`${shop.url}/auth/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url },
    body: JSON.stringify(ADMIN),
  });
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/**
 * A setup call as the admin (JSON, or multipart for a FormData body), asserting a 200 and giving
 * the answer's JSON: for browser tests that build their shop through the legacy API.
 */
export async function adminPoster(shop: Shop): Promise<(url: string, body: FormData | object) => ReturnType<Response['json']>> {
  const cookie = await adminCookie(shop);
  return async (url, body) => {
    const json = !(body instanceof FormData);
    const res = await fetch(`${shop.url}${url}`, {
      method: 'POST',
      headers: { cookie, origin: shop.url, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(body) : body,
    });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

/** axe violations of impact serious or critical, as readable lines (empty when none). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // A fade caught halfway (the announcement bar rotates every 4 s) would read as low contrast:
  // judge the settled page, with motion reduced while axe runs and running fades finished.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const result = await new AxeBuilder({ page }).analyze().finally(() => page.emulateMedia({ reducedMotion: null }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The storefront's app chunk (client/storefront-app.tsx), which the entry imports after the first paint. */
export const STOREFRONT_APP_CHUNK = /\/assets\/storefront-app-[\w-]+\.js$/;

/**
 * Holds the download of the storefront's app until the returned function is called: the page is
 * painted and readable, and nothing has hydrated yet.
 */
export async function holdStorefrontApp(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(STOREFRONT_APP_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
