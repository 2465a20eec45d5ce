import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { CHECKOUT_OPENED, FIXTURES, routeStorefrontApi, SHOP } from '../fixtures/storefront-api.ts';
import { adminCookie, type OpenedPage, openPage } from './browser.ts';
import { launchBrowser, type Shop, startShop } from './server.ts';

/**
 * The Buy Button with the REAL SDK (@shopify/buy-button-js 3.0.6, served from our /assets/), its
 * Storefront API answered from tests/fixtures/buy-button-fixtures.json. No request leaves the machine.
 */
const SHOTS = 'screenshots';
const SDK_ASSET = /\/assets\/buybutton\.min-[\w-]+\.js$/;
let shop: Shop;
let browser: Browser;
let cookie: string;
let demo: { id: number; slug: string; title: string };

async function post(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url, cookie },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, `${path}: ${await res.text()}`);
}
const setSettings = (s: Record<string, unknown>) => post('/settings/update.php', s);

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  shop = await startShop();
  browser = await launchBrowser();
  cookie = await adminCookie(shop);
  const home = (await (await fetch(`${shop.url}/trpc/catalog.home`)).json()).result.data as { featured: (typeof demo)[] };
  demo = home.featured[0] as typeof demo;
  // The demo product on the home page becomes Shopify product 1001 of the fixtures.
  await post('/api/products/update.php', { id: demo.id, shopify_product_id: SHOP.productId });
});
after(async () => {
  await browser?.close();
  await shop?.stop();
});

type Opts = { width: number; height?: number; touch?: boolean; holdSdk?: boolean };
type Opened = OpenedPage & { operations: string[]; sdkRequests: string[] };

/**
 * A page of the shop with Shopify's host answered from the fixtures. Records the Storefront
 * operations, the SDK script requests, when the script was added (hydrated or not) and the
 * layout shifts (CLS).
 */
async function open({ width, height = 900, touch = false, holdSdk = false }: Opts): Promise<Opened> {
  const opened = await openPage(browser, shop, { width, height, hasTouch: touch, isMobile: touch });
  const operations = await routeStorefrontApi(opened.context);
  if (holdSdk) await opened.context.route(SDK_ASSET, () => {}); // never answered
  const sdkRequests: string[] = [];
  opened.page.on('request', (r) => SDK_ASSET.test(new URL(r.url()).pathname) && sdkRequests.push(r.url()));
  await opened.context.addInitScript(() => {
    const w = window as unknown as { __sdkAdded: (string | null)[]; __cls: number };
    w.__sdkAdded = [];
    w.__cls = 0;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof HTMLScriptElement && n.src.includes('buybutton.min'))
            w.__sdkAdded.push(document.documentElement.dataset.hydrated ?? null);
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!e.hadRecentInput) w.__cls += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { ...opened, operations, sdkRequests };
}

const cartButton = (page: Page) => page.locator('header button[aria-label^="Carrinho"], header button[aria-label^="Cart"]');
const cartFrame = (page: Page) => page.frameLocator('iframe[name="frame-cart"]');
const cartIsOpen = (page: Page) => page.evaluate(() => !!document.querySelector('.shopify-buy-frame--cart.is-active'));

async function waitForBadge(page: Page, count: number): Promise<void> {
  const name = count === 1 ? 'Carrinho, 1 item' : `Carrinho, ${count} itens`;
  await page.locator(`header button[aria-label="${name}"]`).waitFor({ timeout: 10_000 });
  const badge = cartButton(page).locator('span[aria-hidden="true"]');
  assert.equal((await badge.textContent())?.trim(), String(count));
  assert.equal(await badge.isVisible(), true, 'the badge shows a count above 0');
}

describe('a shop without Shopify', () => {
  it('shows honest links and an unavailable note, and never loads the SDK', async () => {
    for (const touch of [false, true]) {
      const p = await open({ width: touch ? 390 : 1280, touch });
      await p.page.goto(shop.url);
      await p.page.waitForSelector('html[data-hydrated="true"]');
      await p.page.keyboard.press('Shift'); // a first interaction, which would load the SDK if there were a shop
      const cards = p.page.locator('main article');
      assert.ok((await cards.count()) >= 4);
      for (const card of await cards.all()) {
        assert.equal(await card.locator('a').count(), 1, 'one tab stop per card: the product link');
        assert.equal(await card.locator('button, iframe, [tabindex]').count(), 0);
      }
      assert.equal(
        await p.page.getByRole('link', { name: /Adicionar ao Carrinho/ }).count(),
        0,
        'no add-to-cart link that opens the product',
      );
      assert.equal(await cartButton(p.page).count(), 0, 'no cart button without a cart');

      await p.page.goto(`${shop.url}/produto/${demo.slug}`);
      await p.page.getByText('Compra online indisponível para este produto').waitFor();
      await p.page.waitForTimeout(1500);
      assert.deepEqual(p.sdkRequests, [], 'no SDK request');
      assert.deepEqual(p.operations, []);
      assert.deepEqual(p.errors, []);
      await p.context.close();
    }
  });
});

describe('with the shop configured', () => {
  before(async () => {
    await setSettings({ shopify_domain: SHOP.domain, shopify_token: SHOP.token });
  });

  it('product page: placeholders of the final size in the HTML, SDK only after hydration, no layout shift', async () => {
    const html = await (await fetch(`${shop.url}/produto/${demo.slug}`)).text();
    for (const [variant, text] of [
      ['add', 'Adicionar ao Carrinho'],
      ['buyNow', 'Comprar Agora'],
    ]) {
      const slot = new RegExp(`<div class="[^"]*" style="width:100%;height:48px;[^"]*" data-state="idle" data-variant="${variant}">`);
      assert.match(html, slot, `${variant} placeholder is server-rendered at 100% x 48px`);
      assert.ok(html.includes(`aria-hidden="true">${text}</span>`), `${variant} placeholder shows '${text}'`);
    }
    assert.doesNotMatch(html, /buybutton\.min/, 'the first HTML does not load the SDK');

    const p = await open({ width: 1280 });
    await p.page.goto(`${shop.url}/produto/${demo.slug}`);
    const before = await p.page.locator('[data-variant="add"]').boundingBox();
    await p.page.locator('[data-variant="add"][data-state="ready"]').waitFor();
    await p.page.locator('[data-variant="buyNow"][data-state="ready"]').waitFor();
    await p.page.waitForTimeout(500);
    const afterBox = await p.page.locator('[data-variant="add"]').boundingBox();
    assert.deepEqual(afterBox, before, 'the slot did not move or resize');
    const frame = await p.page.locator('[data-variant="add"] iframe').boundingBox();
    assert.equal(Math.round(frame?.height ?? 0), 48);
    assert.equal(Math.round(frame?.width ?? 0), Math.round(before?.width ?? 0));

    const sdkAdded = await p.page.evaluate(() => (window as unknown as { __sdkAdded: unknown[] }).__sdkAdded);
    assert.deepEqual(sdkAdded, ['true'], 'the SDK script was added once, after hydration');
    assert.equal(p.sdkRequests.length, 1);
    const cls = await p.page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    assert.ok(cls <= 0.02, `CLS ${cls} <= 0.02`);
    assert.deepEqual(p.operations, ['node', 'node']);
    assert.deepEqual(p.errors, []);
    await p.context.close();
  });
});
