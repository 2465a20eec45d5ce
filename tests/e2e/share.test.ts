import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { openPage } from './browser.ts';
import { launchBrowser, type Shop, startShop } from './server.ts';

const SHOTS = 'screenshots';
let shop: Shop;
let browser: Browser;
/** A demo product that belongs to a collection (so the specifications link to it). */
let product: { title: string; slug: string; collection: { name: string; slug: string } };

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  shop = await startShop();
  browser = await launchBrowser();
  const home = (await (await fetch(`${shop.url}/trpc/catalog.home`)).json()).result.data as {
    sections: { collection: { name: string; slug: string }; products: { title: string; slug: string }[] }[];
  };
  const section = home.sections[0];
  const first = section?.products[0];
  if (!section || !first) throw new Error('the demo catalogue has no collection section');
  product = { ...first, collection: section.collection };
});
after(async () => {
  await browser?.close();
  await shop?.stop();
});

/**
 * axe violations of impact serious or critical inside the specifications and share blocks. (The
 * rest of the product page belongs to other work: its contrast fixes arrive with the a11y branch.)
 */
async function seriousViolationsInBlocks(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .include('section[aria-labelledby="specs-title"]')
    .include('section[aria-labelledby="share-title"]')
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const productUrl = () => `${shop.url}/produto/${product.slug}`;

async function gotoProduct(page: Page) {
  await page.goto(productUrl());
  await page.locator('html[data-hydrated="true"]').waitFor();
}

/** A picture of the specifications and share blocks together. */
async function shootShareArea(page: Page, file: string) {
  const specs = page.locator('section[aria-labelledby="specs-title"]');
  await specs.scrollIntoViewIfNeeded();
  const a = await specs.boundingBox();
  const b = await page.locator('section[aria-labelledby="share-title"]').boundingBox();
  assert.ok(a && b, 'specifications and share are on the page');
  const top = Math.max(0, a.y - 16);
  const left = Math.max(0, Math.min(a.x, b.x) - 16);
  await page.screenshot({
    path: `${SHOTS}/${file}`,
    clip: { x: left, y: top, width: Math.max(a.width, b.width) + 32, height: b.y + b.height - top + 16 },
  });
}

describe('product share block', () => {
  it('is in the server HTML as real links, without the share-sheet button', async () => {
    const html = await (await fetch(productUrl())).text();
    const encoded = encodeURIComponent(productUrl());
    assert.ok(html.includes(`href="https://wa.me/?text=${encodeURIComponent(`${product.title} ${productUrl()}`)}"`), 'WhatsApp link');
    assert.ok(html.includes(`href="https://www.facebook.com/sharer/sharer.php?u=${encoded}"`), 'Facebook link');
    assert.ok(!html.includes('Mais opções de compartilhamento'), 'no share-sheet button before the browser is known');
    assert.ok(html.includes('Especificações'));
  });

  it('copies the link with a polite confirmation; WhatsApp and Facebook carry the URL (1280 px)', async () => {
    const { context, page, errors } = await openPage(browser, shop, { width: 1280, height: 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
    // This browser has no share sheet: the button must not appear.
    await context.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await gotoProduct(page);

    const status = page.locator('section[aria-labelledby="share-title"]').getByRole('status');
    assert.equal(await status.textContent(), '');
    await page.getByRole('button', { name: 'Copiar link' }).click();
    await status.getByText('Link copiado!').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), productUrl());
    await shootShareArea(page, 'share-1280-copied.png');

    const whatsapp = page.getByRole('link', { name: 'Compartilhar no WhatsApp' });
    const href = (await whatsapp.getAttribute('href')) ?? '';
    assert.ok(href.startsWith('https://wa.me/?text='), href);
    assert.equal(decodeURIComponent(href.slice('https://wa.me/?text='.length)), `${product.title} ${productUrl()}`);
    assert.equal(await whatsapp.getAttribute('target'), '_blank');
    assert.match((await whatsapp.getAttribute('rel')) ?? '', /\bnoopener\b/);
    const facebook = page.getByRole('link', { name: 'Compartilhar no Facebook' });
    assert.equal(await facebook.getAttribute('href'), `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(productUrl())}`);
    assert.match((await facebook.getAttribute('rel')) ?? '', /\bnoopener\b/);
    assert.equal(await page.getByRole('button', { name: 'Mais opções de compartilhamento' }).count(), 0);

    const collectionLink = page.locator('section[aria-labelledby="specs-title"]').getByRole('link', { name: product.collection.name });
    assert.equal(await collectionLink.getAttribute('href'), `/colecao/${product.collection.slug}`);

    assert.deepEqual(await seriousViolationsInBlocks(page), []);
    await page.screenshot({ path: `${SHOTS}/product-1280.png`, fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('offers the system share sheet where the browser has one, with title and URL (390 px, touch)', async () => {
    const { context, page, errors } = await openPage(browser, shop, { width: 390, height: 844, hasTouch: true, isMobile: true });
    await context.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: unknown) => {
          calls.push(data);
          return Promise.resolve();
        },
      });
    });
    await gotoProduct(page);
    const share = page.getByRole('button', { name: 'Mais opções de compartilhamento' });
    await share.click();
    const calls = await page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls);
    assert.deepEqual(calls, [{ title: product.title, url: productUrl() }]);

    // Every share control is a 44×44 touch target.
    for (const name of ['Copiar link', 'Compartilhar no WhatsApp', 'Compartilhar no Facebook', 'Mais opções de compartilhamento']) {
      const box = await page.locator(`section[aria-labelledby="share-title"] [aria-label="${name}"]`).boundingBox();
      assert.ok(box && box.width >= 44 && box.height >= 44, `${name}: ${JSON.stringify(box)}`);
    }
    assert.deepEqual(await seriousViolationsInBlocks(page), []);
    await shootShareArea(page, 'share-390.png');
    await page.screenshot({ path: `${SHOTS}/product-390.png`, fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('hydrates cleanly when PUBLIC_URL differs from the address in the browser, then shares the browser address', async () => {
    const aliased = await startShop({ PUBLIC_URL: 'https://www.minhaloja.com.br' });
    try {
      const url = `${aliased.url}/produto/${product.slug}`;
      const html = await (await fetch(url)).text();
      assert.ok(
        html.includes(
          `href="https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`https://www.minhaloja.com.br/produto/${product.slug}`)}"`,
        ),
      );
      const { context, page, errors } = await openPage(browser, aliased);
      await page.goto(url);
      await page.locator('html[data-hydrated="true"]').waitFor();
      const facebook = page.getByRole('link', { name: 'Compartilhar no Facebook' });
      await page.waitForFunction(
        (expected) => document.querySelector('a[aria-label="Compartilhar no Facebook"]')?.getAttribute('href')?.endsWith(expected),
        encodeURIComponent(url),
      );
      assert.equal(await facebook.getAttribute('href'), `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
      assert.deepEqual(errors, []);
      await context.close();
    } finally {
      await aliased.stop();
    }
  });
});
