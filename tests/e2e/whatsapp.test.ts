import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEFAULT_TIME_ZONE, wallClock } from '../../shared/business-hours.ts';
import { formatMoney } from '../../shared/currencies.ts';
import type { Settings } from '../../shared/settings.ts';
import { routeStorefrontApi, SHOP } from '../fixtures/storefront-api.ts';
import { card, trpcMutation, trpcQuery, unexpected } from './admin-settings-helpers.ts';
import { openPage, seriousAxeViolations } from './browser.ts';
import type { Shop } from './server.ts';
import { openAdmin, shopSuite, toast } from './suite.ts';

/**
 * WhatsApp (issue 18) from the admin to what a shopper sees: the owner sets the number (a bad one
 * is refused under the field), a message and the hours; the storefront then shows the floating
 * 'Fale conosco pelo WhatsApp' button, saying when the shop answers while it is closed, clear of
 * the cart toggle and of the page's end at 390 px, and 'Comprar pelo WhatsApp' on the product page.
 */
let shop: Shop;
let browser: Browser;
let cookie = '';
shopSuite((s) => ({ shop, browser, cookie } = s), { admin: true });

const SHOTS = process.env.SHOTS_DIR ?? 'screenshots';
mkdirSync(SHOTS, { recursive: true });
const settings = () => trpcQuery<Settings>(shop, 'settings.get');
const DAYS = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'];
/** Today in the shop's time zone: the test closes it, so the button must say 'amanhã'. */
const today = () => wallClock(Date.now(), DEFAULT_TIME_ZONE).weekday;

/** The first featured demo product. */
async function demoProduct(): Promise<{ id: number; title: string; slug: string; price: string }> {
  const home = (await (await fetch(`${shop.url}/trpc/catalog.home`)).json()).result.data as {
    featured: Awaited<ReturnType<typeof demoProduct>>[];
  };
  const first = home.featured[0];
  assert.ok(first);
  return first;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const box = async (l: Locator): Promise<Box> => {
  const b = await l.boundingBox();
  assert.ok(b, 'visible');
  return b;
};
const floatButton = (page: Page) => page.getByRole('link', { name: 'Fale conosco pelo WhatsApp', exact: true });
/** The whole floating pill (the round link and, outside the hours, its note). */
const floatPill = (page: Page) => page.locator('[data-whatsapp="float"]');

/** The float is in view, inside the viewport, and what is drawn at its centre is the float itself. */
async function assertFloatReachable(page: Page): Promise<Box> {
  await floatButton(page).waitFor();
  const b = await box(floatPill(page));
  const vp = page.viewportSize() ?? { width: 0, height: 0 };
  assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= vp.width && b.y + b.height <= vp.height, `inside the viewport: ${JSON.stringify(b)}`);
  // What a tap on the pill reaches (its left end, its centre) is the link itself: nothing covers it.
  // Once whatever was animating away (the Buy Button's cart drawer slides out after Escape) is gone.
  const points = [b.x + 10, b.x + b.width / 2].map((x) => ({ x, y: b.y + b.height / 2 }));
  const hits = (ps: { x: number; y: number }[]) =>
    ps.map((p) => document.elementFromPoint(p.x, p.y)?.closest('[data-whatsapp="float"] a')?.getAttribute('aria-label') ?? null);
  await page
    .waitForFunction((ps) => ps.every((p) => document.elementFromPoint(p.x, p.y)?.closest('[data-whatsapp="float"] a')), points, {
      timeout: 3000,
    })
    .catch(() => {});
  for (const hit of await page.evaluate(hits, points)) {
    assert.equal(hit, 'Fale conosco pelo WhatsApp', 'the whole pill opens WhatsApp and nothing covers it');
  }
  return b;
}

/** At the end of the page, the float covers nothing of the footer. */
async function assertEndClear(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(100);
  const b = await box(floatPill(page));
  const covered = await page.evaluate(
    (f) =>
      [...document.querySelectorAll('footer a, footer p, footer span, footer img, footer h2, footer h3')]
        .map((el) => ({ text: el.textContent?.trim().slice(0, 40), r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.x < f.x + f.width && f.x < r.right && r.y < f.y + f.height && f.y < r.bottom)
        .map(({ text }) => text),
    b,
  );
  assert.deepEqual(covered, [], 'no footer content under the floating button');
}

describe('admin WhatsApp', () => {
  it('refuses a bad number under the field, saving nothing', async () => {
    const { page, context, errors } = await openAdmin(browser, shop, '/admin/whatsapp', { width: 390 });
    await page.getByRole('button', { name: 'Salvar' }).waitFor();
    await page.getByLabel('Número do WhatsApp').fill('(10) 98765-4321');
    await page.getByText('Este número ainda não é válido.').waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await card(page, 'Número').getByText('Número de WhatsApp inválido: informe o DDD e o número', { exact: false }).waitFor();
    assert.equal((await settings()).whatsapp_number, '');
    assert.deepEqual(unexpected(errors), []);
    await context.close();
  });

  it('saves the number as +55, the message and the hours', async () => {
    for (const width of [390, 1280]) {
      const { page, context, errors } = await openAdmin(browser, shop, '/admin/whatsapp', { width });
      await page.getByRole('button', { name: 'Salvar' }).waitFor();
      await page.getByLabel('Número do WhatsApp').fill('(11) 98765-4321');
      await page.getByLabel('Mensagem padrão (opcional)').fill('Olá! Vi a loja & quero saber do #frete 😊');
      await page.getByText('+5511987654321').waitFor(); // the preview reads it as the server will
      const hours = page.getByRole('switch', { name: 'Responder só nos horários definidos' });
      if (!(await hours.isChecked())) await hours.check({ force: true });
      // Every day open 9h–18h but today: outside the hours now, answering tomorrow at 9h.
      for (const [day, name] of DAYS.entries()) {
        const box = page.getByRole('checkbox', { name, exact: true });
        if ((await box.isChecked()) !== (day !== today())) await box.click();
        if (day !== today()) {
          await page.getByLabel(`${name}: das`).fill('09:00');
          await page.getByLabel(`${name}: até`).fill('18:00');
        }
      }
      await page.getByRole('button', { name: 'Salvar' }).click();
      await toast(page, 'WhatsApp atualizado');
      assert.equal(await page.getByLabel('Número do WhatsApp').inputValue(), '+5511987654321');
      await page.screenshot({ path: `${SHOTS}/whatsapp-admin-${width}.png`, fullPage: true });
      assert.deepEqual(await seriousAxeViolations(page), []);
      assert.deepEqual(unexpected(errors), []);
      await context.close();
    }
    const saved = await settings();
    assert.equal(saved.whatsapp_number, '+5511987654321');
    assert.equal(saved.whatsapp_hours_enabled, true);
    assert.equal(saved.whatsapp_hours[today()]?.open, false);
  });
});

describe('storefront WhatsApp', () => {
  it('without Shopify: Comprar pelo WhatsApp in place of the Buy Button, and a floating button saying when the shop answers', async () => {
    const product = await demoProduct();
    // As the admin test leaves it, set here too so this test stands alone: today closed, the other days 9h–18h.
    await trpcMutation(shop, cookie, 'settings.update', {
      whatsapp_number: '(11) 98765-4321',
      whatsapp_message: 'Olá! Vi a loja & quero saber do #frete 😊',
      whatsapp_hours_enabled: true,
      whatsapp_hours: DAYS.map((_, day) => ({ open: day !== today(), from: '09:00', to: '18:00' })),
    });
    for (const width of [390, 1280]) {
      const touch = width < 600;
      const { page, context, errors } = await openPage(browser, shop, {
        width,
        height: touch ? 844 : 900,
        hasTouch: touch,
        isMobile: touch,
      });
      await page.goto(`${shop.url}/produto/${product.slug}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      assert.equal(await page.getByText('Compra online indisponível para este produto').count(), 0);
      const buy = page.getByRole('link', { name: 'Comprar pelo WhatsApp' });
      await buy.waitFor();
      const href = new URL((await buy.getAttribute('href')) ?? '');
      assert.equal(`${href.origin}${href.pathname}`, 'https://wa.me/5511987654321');
      const price = formatMoney(product.price, 'BRL');
      assert.equal(
        href.searchParams.get('text'),
        `Olá! Quero comprar este produto:\n${product.title}\nPreço: ${price}\n${shop.url}/produto/${product.slug}`,
      );
      const float = await assertFloatReachable(page);
      await page.getByText('Respondemos amanhã a partir das 9h').waitFor();
      const message = new URL((await floatButton(page).getAttribute('href')) ?? '').searchParams.get('text');
      assert.equal(message, 'Olá! Vi a loja & quero saber do #frete 😊');
      await page.screenshot({ path: `${SHOTS}/whatsapp-product-${width}.png` });
      // Reached by keyboard, the product's own WhatsApp button is scrolled clear of the float (never under it).
      await page.evaluate(() => window.scrollTo(0, 0));
      await buy.focus();
      assert.equal(overlaps(float, await box(buy)), false, `the focused Comprar pelo WhatsApp is not under the float (${width})`);
      assert.deepEqual(await seriousAxeViolations(page), []);
      await assertEndClear(page);
      await page.screenshot({ path: `${SHOTS}/whatsapp-product-end-${width}.png` });
      assert.deepEqual(unexpected(errors), []);
      await context.close();
    }
  });

  it('with Shopify at 390 px: the floating button covers neither the header cart nor the Buy Button’s floating cart tab', async () => {
    const product = await demoProduct();
    await trpcMutation(shop, cookie, 'settings.update', { shopify_domain: SHOP.domain, shopify_token: SHOP.token });
    await fetch(`${shop.url}/api/products/update.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.url, cookie },
      body: JSON.stringify({ id: product.id, shopify_product_id: SHOP.productId }),
    });
    for (const headerCart of [true, false]) {
      await trpcMutation(shop, cookie, 'settings.update', { header_show_cart: headerCart });
      const { page, context, errors } = await openPage(browser, shop, { width: 390, height: 844, hasTouch: true, isMobile: true });
      await routeStorefrontApi(context);
      await page.goto(`${shop.url}/produto/${product.slug}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.keyboard.press('Shift'); // the shopper's first move loads the Buy Button
      await page.frameLocator('[data-variant="add"] iframe').locator('[data-element="product.button"]').click();
      await page.getByRole('link', { name: 'Comprar pelo WhatsApp' }).waitFor();
      // Adding opens the cart drawer: close it, then look at the page with a cart of one item.
      await page.waitForFunction(() => !!document.querySelector('.shopify-buy-frame--cart.is-active'));
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('.shopify-buy-frame--cart.is-active'));
      const float = await assertFloatReachable(page);
      const cart = headerCart
        ? page.locator('header button[aria-label^="Carrinho"]')
        : page.locator('.shopify-buy-frame--toggle.is-sticky.is-active');
      await cart.waitFor();
      assert.equal(
        overlaps(float, await box(cart)),
        false,
        `the float leaves the ${headerCart ? 'header cart' : 'floating cart tab'} clear`,
      );
      await page.screenshot({ path: `${SHOTS}/whatsapp-shopify-${headerCart ? 'header-cart' : 'cart-tab'}-390.png` });
      assert.deepEqual(unexpected(errors), []);
      await context.close();
    }
  });
});
