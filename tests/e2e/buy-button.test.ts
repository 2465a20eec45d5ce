import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { CHECKOUT_OPENED, FIXTURES, routeStorefrontApi, SHOP } from '../fixtures/storefront-api.ts';
import { adminCookie, holdStorefrontApp, type OpenedPage, openPage, seriousAxeViolations } from './browser.ts';
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
const waitForCart = (page: Page, open: boolean) =>
  page.waitForFunction((o) => !!document.querySelector('.shopify-buy-frame--cart.is-active') === o, open);

/** The shopper's first move on the page (a key here), which is what loads the SDK on a first visit. */
const beginShopping = (page: Page) => page.keyboard.press('Shift');

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

  it('product page: placeholders of the final size in the HTML, no SDK until the shopper moves, no layout shift', async () => {
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
    // A first visit that only loads (what Lighthouse does) pays nothing for the SDK.
    await p.page.waitForSelector('html[data-hydrated="true"]');
    await p.page.waitForTimeout(2500);
    assert.deepEqual(p.sdkRequests, [], 'no SDK request before the first interaction');
    assert.deepEqual(p.operations, []);
    await p.page.mouse.move(200, 200);
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

    // Inside the SDK's frames: our self-hosted Montserrat, 16 px, radius 8 px, the spec's orange.
    const look = await p.page
      .frameLocator('[data-variant="add"] iframe')
      .locator('[data-element="product.button"]')
      .evaluate(async (b) => {
        await b.ownerDocument.fonts.ready;
        const s = getComputedStyle(b);
        return [
          s.fontFamily.split(',')[0],
          s.fontSize,
          s.borderRadius,
          s.backgroundColor,
          b.ownerDocument.fonts.check('600 16px Montserrat'),
        ];
      });
    assert.deepEqual(look, ['Montserrat', '16px', '8px', 'rgb(200, 70, 26)', true]);
    // One cart control: the SDK's own toggle exists (its count feeds the badge) but is out of reach.
    assert.equal(await p.page.locator('.shopify-buy-frame--toggle').evaluate((t) => !!t.closest('[inert][aria-hidden="true"]')), true);
    assert.deepEqual(p.errors, []);
    await p.context.close();
  });

  it('product page at 1280: add to cart, badge, drawer from the header button, +, checkout and buy now in a popup, cart restored', async () => {
    const p = await open({ width: 1280 });
    const { page } = p;
    await page.goto(`${shop.url}/produto/${demo.slug}`);
    await beginShopping(page);
    await page.frameLocator('[data-variant="add"] iframe').locator('[data-element="product.button"]').click();
    await waitForBadge(page, 1);
    assert.deepEqual(p.operations, ['node', 'node', 'CartCreate']);
    const stored = await page.evaluate((k) => localStorage.getItem(k), FIXTURES._meta.localStorageKey);
    assert.ok(stored?.startsWith('gid://shopify/Cart/'), 'the cart id is kept in localStorage');

    // Adding opened the drawer; Escape closes it.
    await waitForCart(page, true);
    await page.keyboard.press('Escape');
    await waitForCart(page, false);

    // Our header button opens it, with focus inside, and closes it again.
    const button = cartButton(page);
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    await button.click();
    await waitForCart(page, true);
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'frame-cart');
    const cart = cartFrame(page);
    assert.equal(await cart.locator('[data-element="lineItem.itemTitle"]').textContent(), 'Camiseta Teste');
    assert.equal((await cart.locator('.shopify-buy__cart-item__price').textContent())?.trim(), 'R$ 49,90');
    assert.equal(await cart.locator('[data-element="cart.subtotal"]').textContent(), 'R$ 49,90');
    assert.equal(await cart.locator('[data-element="cart.title"]').textContent(), 'Carrinho');
    await page.waitForTimeout(400); // the drawer slides in
    await page.screenshot({ path: `${SHOTS}/buy-product-cart-1280.png` });
    // The default colours (and every screen with the cart open) pass axe, frames included.
    assert.deepEqual(await seriousAxeViolations(page), [], 'product page with the cart open at 1280');

    await cart.locator('[data-element="lineItem.quantityIncrement"]').click();
    await waitForBadge(page, 3);
    assert.equal(await cart.locator('[data-element="lineItem.quantityInput"]').inputValue(), '3');
    assert.equal(await cart.locator('[data-element="cart.subtotal"]').textContent(), 'R$ 149,70');
    assert.equal(p.operations.at(-1), 'CartLinesUpdate');

    await page.keyboard.press('Escape');
    await waitForCart(page, false);
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label')?.startsWith('Carrinho'));
    await button.click();
    await waitForCart(page, true);
    // The open drawer (fixed, full height, topmost) covers the header's right side on screen, so
    // this is a DOM click: the same button closes a drawer that is open.
    await button.dispatchEvent('click');
    await waitForCart(page, false);

    // Checkout from the drawer: a popup on a desktop, at the Storefront API's checkoutUrl.
    await button.click();
    const [checkout] = await Promise.all([page.waitForEvent('popup'), cart.locator('[data-element="cart.button"]').click()]);
    await checkout.waitForURL(CHECKOUT_OPENED);
    await checkout.close();

    // Buy now: a new cart straight to checkout; the shared cart is untouched.
    await page.keyboard.press('Escape');
    const [direct] = await Promise.all([
      page.waitForEvent('popup'),
      page.frameLocator('[data-variant="buyNow"] iframe').locator('[data-element="product.button"]').click(),
    ]);
    await direct.waitForURL(CHECKOUT_OPENED);
    await direct.close();
    assert.equal(p.operations.at(-1), 'CartCreate');

    // A reload restores the cart from localStorage: with a cart kept, the SDK loads at the first
    // idle moment without waiting for an interaction, so the badge shows it.
    await page.reload();
    await waitForBadge(page, 1); // the fixtures' Cart query holds one item
    assert.equal(p.operations.filter((o) => o === 'Cart').length, 1);
    assert.deepEqual(p.errors, []);
    await p.context.close();
  });

  it('product page at 390 (touch): a tap on the placeholder adds to the cart; checkout and buy now open in the same tab', async () => {
    const p = await open({ width: 390, height: 844, touch: true });
    const { page } = p;
    await page.goto(`${shop.url}/produto/${demo.slug}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    assert.deepEqual(p.sdkRequests, []);
    // The first tap lands on the placeholder: it loads the SDK and is replayed on the real button.
    await page.locator('[data-variant="add"]').tap();
    await waitForBadge(page, 1);
    assert.equal(p.sdkRequests.length, 1);
    await waitForCart(page, true);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/buy-product-cart-390.png` });
    assert.deepEqual(await seriousAxeViolations(page), [], 'product page with the cart open at 390');
    await cartFrame(page).locator('[data-element="cart.button"]').tap();
    await page.waitForURL(CHECKOUT_OPENED);

    await page.goto(`${shop.url}/produto/${demo.slug}`);
    await page.frameLocator('[data-variant="buyNow"] iframe').locator('[data-element="product.button"]').tap();
    await page.waitForURL(CHECKOUT_OPENED);
    assert.deepEqual(p.errors, []);
    await p.context.close();
  });

  it("a tap on the placeholder before the page's code has run is kept and replayed", async () => {
    const p = await open({ width: 390, height: 844, touch: true });
    const { page } = p;
    // Hold the storefront's app until the tap is made: the page is painted, nothing has hydrated.
    const release = await holdStorefrontApp(page);
    await page.goto(`${shop.url}/produto/${demo.slug}`, { waitUntil: 'domcontentloaded' });
    await page.locator('[data-variant="add"]').tap();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null), null, 'not hydrated yet');
    release();
    await waitForBadge(page, 1);
    assert.equal(p.sdkRequests.length, 1);
    assert.deepEqual(p.errors, []);
    await p.context.close();
  });

  it('without any move, the SDK still comes a few seconds after hydration', async () => {
    const p = await open({ width: 1280 });
    const { page } = p;
    await page.goto(`${shop.url}/produto/${demo.slug}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const hydratedAt = Date.now();
    await page.locator('[data-variant="add"][data-state="ready"]').waitFor({ timeout: 20_000 });
    assert.ok(Date.now() - hydratedAt >= 4_000, 'not before the unprompted delay');
    assert.equal(p.sdkRequests.length, 1);
    assert.deepEqual(p.errors, []);
    await p.context.close();
  });

  it('home at 390 (touch): the round 44x44 icon button adds to the cart', async () => {
    const p = await open({ width: 390, height: 844, touch: true });
    const { page } = p;
    await page.goto(shop.url);
    await beginShopping(page);
    const card = page.locator('main article', { has: page.locator('[data-variant="homeMobile"]') });
    assert.equal(await card.count(), 1, 'only the product with a Shopify id gets a buy button');
    assert.equal(await card.locator('a').count(), 1);
    const slot = card.locator('[data-variant="homeMobile"]');
    await slot.and(page.locator('[data-state="ready"]')).waitFor();
    assert.equal(await card.locator('[data-variant="homeDesktop"] iframe').count(), 0, 'one button per card');
    const frame = await slot.locator('iframe').boundingBox();
    assert.deepEqual([Math.round(frame?.width ?? 0), Math.round(frame?.height ?? 0)], [44, 44]);
    const icon = page.frameLocator('[data-variant="homeMobile"] iframe').locator('[data-element="product.button"]');
    assert.equal(await icon.getAttribute('aria-label'), 'Adicionar ao Carrinho');
    await page.screenshot({ path: `${SHOTS}/buy-home-390.png` });
    assert.deepEqual(await seriousAxeViolations(page), [], 'home with the round buy buttons at 390');
    await icon.tap();
    await waitForBadge(page, 1);
    assert.deepEqual(p.errors, []);
    await p.context.close();
  });

  it('home at 1280: the text button appears on hover and adds to the cart; navigation leaves no orphan', async () => {
    const p = await open({ width: 1280 });
    const { page } = p;
    // Arrive from a product page by client-side navigation: its buttons are destroyed, not left behind.
    await page.goto(`${shop.url}/produto/${demo.slug}`);
    await beginShopping(page);
    await page.locator('[data-variant="buyNow"][data-state="ready"]').waitFor();
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Início' }).click();
    await page.waitForURL(`${shop.url}/`);
    const card = page.locator('main article', { has: page.locator('[data-variant="homeDesktop"]') });
    const slot = card.locator('[data-variant="homeDesktop"]');
    await slot.and(page.locator('[data-state="ready"]')).waitFor();
    assert.equal(await card.locator('[data-variant="homeMobile"] iframe').count(), 0, 'one button per card');
    assert.equal(await slot.evaluate((el) => getComputedStyle(el).opacity), '0', 'hidden until hover');
    await card.locator('a').hover();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('[data-variant="homeDesktop"]') as Element).opacity === '1');
    const box = await slot.boundingBox();
    assert.ok((box?.width ?? 0) <= 300 && Math.round(box?.height ?? 0) === 44, `text button ${box?.width}x${box?.height}`);
    await page.screenshot({ path: `${SHOTS}/buy-home-1280.png` });
    const sdkState = () =>
      page.evaluate((key) => {
        const ui = (window as unknown as { ShopifyBuy: { UI: { domains: Record<string, { components: Record<string, unknown[]> }> } } })
          .ShopifyBuy.UI.domains[key];
        return {
          products: ui?.components.product?.length,
          carts: ui?.components.cart?.length,
          frames: document.querySelectorAll('main iframe').length,
        };
      }, `${SHOP.domain}.${SHOP.token}`);
    assert.deepEqual(await sdkState(), { products: 1, carts: 1, frames: 1 }, 'one product component: the card on screen');
    await page.frameLocator('[data-variant="homeDesktop"] iframe').locator('[data-element="product.button"]').click();
    await waitForBadge(page, 1);
    assert.deepEqual(p.errors, []);
    await p.context.close();
  });

  it('an SDK that never arrives: "Timeout ao aguardar SDK" after 10 s, and the page keeps working', async () => {
    const p = await open({ width: 1280, holdSdk: true });
    const { page } = p;
    await page.goto(`${shop.url}/produto/${demo.slug}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await beginShopping(page);
    const started = Date.now();
    await page.getByText('Não foi possível carregar a compra online.').waitFor({ timeout: 20_000 });
    assert.ok(Date.now() - started >= 8_000, 'gave up only after the 10 s wait');
    assert.deepEqual(p.errors, ['error: Timeout ao aguardar SDK']);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Início' }).click();
    await page.waitForURL(`${shop.url}/`);
    await page.locator('main article').first().waitFor();
    assert.equal(p.sdkRequests.length, 1);
    assert.deepEqual(p.errors, ['error: Timeout ao aguardar SDK']);
    await p.context.close();
  });

  it('cart texts follow the store locale (en)', async () => {
    await setSettings({ locale: 'en' });
    try {
      const p = await open({ width: 1280 });
      const { page } = p;
      await page.goto(shop.url);
      const button = page.locator('header button[aria-label="Cart, 0 items"]');
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await button.click();
      await waitForCart(page, true);
      const cart = cartFrame(page);
      assert.equal(await cart.locator('[data-element="cart.empty"]').textContent(), 'Your cart is empty.');
      assert.equal(await cart.locator('[data-element="cart.title"]').textContent(), 'Cart');
      assert.deepEqual(p.errors, []);
      await p.context.close();
    } finally {
      await setSettings({ locale: 'pt-BR' });
    }
  });
});
