import { mkdirSync } from 'node:fs';
import { after, before } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminCookie, adminLogin, type OpenedPage, openPage } from './browser.ts';
import { launchBrowser, type Shop, startShop } from './server.ts';

/** Where the browser tests save their screenshots. */
export const SHOTS = 'screenshots';

/** What a browser test file works with: its own shop, a browser and (when asked) the admin's session cookie. */
export type Suite = { shop: Shop; browser: Browser; cookie: string };

/**
 * The file's setup and teardown: before its tests a shop of its own, a browser and the screenshot
 * folder (and the admin's cookie when `admin`), handed to `ready`; after them all is closed.
 * `let shop: Shop; let browser: Browser; shopSuite((s) => ({ shop, browser } = s));`
 */
export function shopSuite(ready: (suite: Suite) => void, opts: { admin?: boolean; controls?: boolean } = {}): void {
  const suite: Partial<Suite> = {};
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    suite.shop = await startShop({}, { controls: opts.controls === true });
    suite.browser = await launchBrowser();
    suite.cookie = opts.admin ? await adminCookie(suite.shop) : '';
    ready(suite as Suite);
  });
  after(async () => {
    await suite.browser?.close();
    await suite.shop?.stop();
  });
}

/** A new page signed in to the admin at `path` (1280×900 by default; 844 high under 600 wide, a phone). */
export async function openAdmin(
  browser: Browser,
  shop: Shop,
  path = '/admin',
  viewport: { width?: number; height?: number } = {},
): Promise<OpenedPage> {
  const width = viewport.width ?? 1280;
  const opened = await openPage(browser, shop, { width, height: viewport.height ?? (width < 600 ? 844 : 900) });
  await adminLogin(opened.page, shop, path);
  return opened;
}

/**
 * Waits for an admin toast (Mantine notification) holding every given text, returns its whole text
 * (title and message) and closes it with its close button, waiting until it is gone.
 */
export async function toast(page: Page, ...texts: string[]): Promise<string> {
  let found: Locator = page.locator('.mantine-Notification-root');
  for (const text of texts) found = found.filter({ hasText: text });
  found = found.first();
  await found.waitFor({ timeout: 10_000 });
  const content = (await found.textContent()) ?? '';
  // A toast under the pointer never closes by itself (Mantine pauses its timer on hover), so a
  // close click that misses (the toast still sliding in, or re-rendered under the pointer) would
  // leave it open for good: after each try the pointer leaves for the bottom-left corner, where no
  // toast is, and the toast's own timer (4 s) closes it if the click did not.
  for (let attempt = 1; ; attempt++) {
    await found
      .getByRole('button')
      .click({ timeout: 5_000 })
      .catch(() => {}); // it may have closed itself meanwhile
    const height = page.viewportSize()?.height ?? 600;
    await page.mouse.move(1, height - 1);
    try {
      await found.waitFor({ state: 'detached', timeout: 8_000 });
      return content;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
