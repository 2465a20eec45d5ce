import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { openPage } from './browser.ts';
import type { Shop } from './server.ts';
import { SHOTS, shopSuite } from './suite.ts';

let shop: Shop;
let browser: Browser;
shopSuite((s) => ({ shop, browser } = s));

/** A storefront page at the given width, hydrated. */
async function open(path: string, width: number, height = width < 600 ? 844 : 900) {
  const opened = await openPage(browser, shop, { width, height });
  await opened.page.goto(`${shop.url}${path}`);
  await opened.page.waitForSelector('html[data-hydrated="true"]');
  return opened;
}

describe('footer payment icons', () => {
  for (const width of [390, 1280]) {
    it(`start at the row's left edge and keep one equal gap between icons (${width})`, async () => {
      const { context, page, errors } = await open('/', width);
      const pix = page.locator('footer img[alt="Pix"]');
      await pix.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => [...document.querySelectorAll('footer img')].every((i) => (i as HTMLImageElement).complete));
      const layout = await pix.evaluate((img) => {
        const row = img.closest('div');
        if (!row) throw new Error('no icon row');
        const box = row.getBoundingClientRect();
        const gap = Number.parseFloat(getComputedStyle(row).columnGap);
        const icons = [...row.querySelectorAll('img')].map((i) => i.getBoundingClientRect());
        return { left: box.left, gap, icons: icons.map((r) => ({ left: r.left, right: r.right, top: r.top })) };
      });
      assert.equal(layout.icons.length, 5, 'the demo has five payment icons');
      const rows = new Map<number, { left: number; right: number }[]>();
      for (const icon of layout.icons) rows.set(Math.round(icon.top), [...(rows.get(Math.round(icon.top)) ?? []), icon]);
      for (const [top, icons] of rows) {
        assert.ok(
          Math.abs((icons[0]?.left ?? -1) - layout.left) < 0.5,
          `row at ${top}: first icon at ${icons[0]?.left}, row at ${layout.left}`,
        );
        for (let i = 1; i < icons.length; i++) {
          const gap = (icons[i]?.left ?? 0) - (icons[i - 1]?.right ?? 0);
          assert.ok(Math.abs(gap - layout.gap) < 0.5, `row at ${top}: gap ${gap} px before icon ${i + 1}, expected ${layout.gap}`);
        }
      }
      await page.locator('footer').screenshot({ path: `${SHOTS}/layout-footer-${width}.png` });
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
