import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Locator } from 'playwright-core';
import type { Shop } from './server.ts';
import { openAdmin, SHOTS, shopSuite } from './suite.ts';

let shop: Shop;
let browser: Browser;
shopSuite((s) => ({ shop, browser } = s));

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  assert.ok(b, 'the element is on screen');
  return b;
}

describe('admin toasts', () => {
  for (const width of [1280, 390]) {
    it(`never cover the sticky 'Salvar' of Configurações, even while hovered (${width} px)`, async () => {
      const { page, context } = await openAdmin(browser, shop, '/admin/configuracoes', { width });
      const save = page.getByRole('button', { name: 'Salvar', exact: true });
      await save.waitFor();
      const saved = () => page.waitForResponse((r) => r.url().includes('/trpc/settings.update') && r.ok());

      let answered = saved();
      await save.click();
      await answered;
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Configurações salvas' }).first();
      await toast.waitFor();
      await page.waitForTimeout(400); // its entrance transition
      await toast.hover(); // the pointer keeps it open
      assert.equal(intersects(await box(toast), await box(save)), false, 'the toast and the button do not overlap');
      await page.screenshot({ path: `${SHOTS}/admin-settings-toast-${width}.png` });

      // The button is the element under its own centre, and a real click saves again.
      const b = await box(save);
      const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null, {
        x: b.x + b.width / 2,
        y: b.y + b.height / 2,
      });
      assert.equal(hit, 'Salvar');
      assert.ok(await toast.isVisible(), 'the toast is still open');
      answered = saved();
      await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
      await answered;
      await context.close();
    });
  }
});
