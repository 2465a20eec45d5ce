import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { card, trpcMutation, unexpected } from './admin-settings-helpers.ts';
import { type OpenedPage, openPage, seriousAxeViolations } from './browser.ts';
import type { Shop } from './server.ts';
import { openAdmin, shopSuite, toast } from './suite.ts';

/**
 * Cookie consent under the LGPD (issue 18, part 4), from the admin to the network: the owner's
 * Google Analytics 4, Meta Pixel and TikTok Pixel ids are checked on the server; a shop without
 * them shows no banner and loads no consent script; with them, no tag host is contacted before
 * 'Aceitar' (every request is recorded; the vendors' hosts are answered by stubs), they are
 * after it, 'Rejeitar' keeps them out across reloads, and the footer's 'Preferências de cookies'
 * changes the choice by category. The banner is a keyboard-operable region that does not trap
 * focus, moves nothing on the page and leaves the header free at 390 px.
 */
let shop: Shop;
let browser: Browser;
let cookie: string;
shopSuite((s) => ({ shop, browser, cookie } = s), { admin: true });

const SHOTS = process.env.SHOTS_DIR ?? 'screenshots';
mkdirSync(SHOTS, { recursive: true });

const IDS = { ga4_measurement_id: 'G-TEST12345', meta_pixel_id: '123456789012345', tiktok_pixel_id: 'C4ABCDEFGH1234567890' };
const NO_IDS = { ga4_measurement_id: '', meta_pixel_id: '', tiktok_pixel_id: '' };
/** Every host a configured tag may contact (shared/tracking-tags.ts), by vendor. */
const HOSTS = {
  ga4: /(^|\.)(googletagmanager\.com|google-analytics\.com|analytics\.google\.com)$/,
  meta: /(^|\.)(facebook\.net|facebook\.com)$/,
  tiktok: /(^|\.)tiktok\.com$/,
};
type Vendor = keyof typeof HOSTS;
const vendorOf = (url: string): Vendor | null => {
  const host = new URL(url).hostname;
  return (Object.keys(HOSTS) as Vendor[]).find((v) => HOSTS[v].test(host)) ?? null;
};

/** A storefront page whose every request is recorded; the vendors' hosts answer with an empty script. */
async function shopper(width = 1280, context?: BrowserContext): Promise<OpenedPage & { contacted: () => Vendor[] }> {
  const opened = context
    ? { context, page: await context.newPage(), errors: [] as string[] }
    : await openPage(browser, shop, { width, height: width < 600 ? 844 : 900 });
  const requests: string[] = [];
  opened.page.on('request', (r) => requests.push(r.url()));
  await opened.context.route(
    (url) => vendorOf(url.href) !== null,
    (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '/* stub */' }),
  );
  const contacted = () => [...new Set(requests.map(vendorOf).filter((v): v is Vendor => v !== null))].sort();
  return { ...opened, contacted };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Privacidade e cookies' });
const preferences = (page: Page) => page.getByRole('dialog', { name: 'Preferências de cookies' });

/** Lets the page settle: loaded, hydrated, and no request still on its way. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

/**
 * Waits (up to 10 s) until the tags a choice allows have been asked for, then returns what was
 * contacted. After a choice made on a page that is already idle, `networkidle` holds at once,
 * before the consent script has added the tags it now allows.
 */
async function contactedOnce(contacted: () => Vendor[], expected: Vendor[]): Promise<Vendor[]> {
  for (const end = Date.now() + 10_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    if (expected.every((v) => contacted().includes(v))) break;
  }
  return contacted();
}

describe('cookie consent', () => {
  it('without any tag: no banner, no preferences link, no consent script, no tag host in the policy', async () => {
    await trpcMutation(shop, cookie, 'settings.update', NO_IDS);
    const { page, context, errors, contacted } = await shopper(390);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    const res = await page.goto(shop.url);
    await settle(page);
    assert.equal(await page.locator('#cookie-consent').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Preferências de cookies' }).count(), 0);
    assert.deepEqual(
      scripts.filter((s) => /consent/.test(s)),
      [],
    );
    const policy = res?.headers()['content-security-policy'] ?? '';
    assert.match(policy, /script-src 'self';/);
    assert.deepEqual(contacted(), []);
    assert.deepEqual(unexpected(errors), []);
    await context.close();
  });

  it('admin: refuses a malformed id under its field and saves nothing, then saves the three ids', async () => {
    for (const width of [390, 1280]) {
      await trpcMutation(shop, cookie, 'settings.update', NO_IDS);
      const { page, context, errors } = await openAdmin(browser, shop, '/admin/cookies', { width });
      await page.getByRole('button', { name: 'Salvar' }).waitFor();
      await page.getByText('As ferramentas abaixo só carregam depois que o visitante aceitar', { exact: false }).waitFor();
      await page.getByLabel('ID do Google Analytics 4').fill('UA-12345-1');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await card(page, 'Análise').getByText('ID do Google Analytics inválido', { exact: false }).waitFor();
      const saved = await (await fetch(`${shop.url}/settings/get.php`)).json();
      assert.equal(saved.ga4_measurement_id, '');
      await page.screenshot({ path: `${SHOTS}/consent-admin-refused-${width}.png`, fullPage: true });
      await page.getByLabel('ID do Google Analytics 4').fill(' g-test12345 ');
      await page.getByLabel('ID do Meta Pixel').fill(IDS.meta_pixel_id);
      await page.getByLabel('Código do TikTok Pixel').fill(IDS.tiktok_pixel_id);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await toast(page, 'Cookies e rastreamento atualizados');
      const after = await (await fetch(`${shop.url}/settings/get.php`)).json();
      assert.deepEqual(
        { g: after.ga4_measurement_id, m: after.meta_pixel_id, t: after.tiktok_pixel_id },
        { g: 'G-TEST12345', m: IDS.meta_pixel_id, t: IDS.tiktok_pixel_id },
      );
      await page.screenshot({ path: `${SHOTS}/consent-admin-${width}.png`, fullPage: true });
      assert.deepEqual(unexpected(errors, [/status of 400/]), []);
      await context.close();
    }
  });

  it('contacts no tag host before Aceitar, all of them after, and keeps the choice across reloads', async () => {
    await trpcMutation(shop, cookie, 'settings.update', IDS);
    for (const width of [390, 1280]) {
      const { page, context, errors, contacted } = await shopper(width);
      const res = await page.goto(shop.url);
      await banner(page).waitFor();
      await settle(page);
      assert.deepEqual(contacted(), [], 'a tag host was contacted before consent');
      // The policy names the configured tags' hosts (and only because they are configured).
      assert.match(
        res?.headers()['content-security-policy'] ?? '',
        /script-src 'self' 'sha256-[\w+/]+=*' https:\/\/www\.googletagmanager\.com https:\/\/connect\.facebook\.net https:\/\/analytics\.tiktok\.com;/,
      );
      // Equally prominent choices; the banner sits over the page's bottom and leaves the header (cart button) free.
      const accept = page.getByRole('button', { name: 'Aceitar', exact: true });
      const reject = page.getByRole('button', { name: 'Rejeitar', exact: true });
      const look = (b: typeof accept) =>
        b.evaluate((e) => {
          const s = getComputedStyle(e);
          const r = e.getBoundingClientRect();
          return {
            w: Math.round(r.width),
            h: Math.round(r.height),
            weight: s.fontWeight,
            size: s.fontSize,
            bg: s.backgroundColor,
            color: s.color,
          };
        });
      assert.deepEqual(await look(accept), await look(reject));
      const bar = await banner(page).boundingBox();
      const header = await page.locator('header').first().boundingBox();
      assert.ok(bar && header && bar.y >= header.y + header.height, 'the banner covers the header');
      assert.ok(bar && bar.y + bar.height <= (width < 600 ? 844 : 900) + 1, 'the banner is not at the bottom');
      // The buffered layout shifts come in the observer's first callback; a page that never shifted
      // has none and the callback never runs, so the sum is taken after a moment either way.
      const shift = await page.evaluate(
        () =>
          new Promise<number>((done) => {
            let total = 0;
            const observer = new PerformanceObserver((list) => {
              for (const e of list.getEntries()) total += (e as unknown as { value: number }).value ?? 0;
            });
            observer.observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => {
              observer.disconnect();
              done(total);
            }, 500);
          }),
      );
      assert.ok(shift < 0.01, `layout shift ${shift}`);
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.screenshot({ path: `${SHOTS}/consent-banner-${width}.png` });

      await accept.click();
      await banner(page).waitFor({ state: 'hidden' });
      await page.getByRole('status').filter({ hasText: 'Sua escolha de cookies foi salva.' }).waitFor();
      await settle(page);
      assert.deepEqual(await contactedOnce(contacted, ['ga4', 'meta', 'tiktok']), ['ga4', 'meta', 'tiktok']);
      await page.reload();
      await settle(page);
      assert.equal(await banner(page).isVisible(), false);
      assert.deepEqual(unexpected(errors), []);
      await context.close();
    }
  });

  it('shows the banner with the page on a first visit, before its script arrives, and not once a choice is stored', async () => {
    await trpcMutation(shop, cookie, 'settings.update', IDS);
    const { page, context, errors } = await shopper(390);
    // The consent script never arrives: the page's own inline line has shown the banner already.
    await context.route(/\/assets\/consent-[\w-]+\.js$/, () => {});
    await page.goto(shop.url, { waitUntil: 'domcontentloaded' });
    assert.equal(await banner(page).isVisible(), true);
    await context.unroute(/\/assets\/consent-[\w-]+\.js$/);
    await page.reload();
    await page.getByRole('button', { name: 'Rejeitar', exact: true }).click();
    await banner(page).waitFor({ state: 'hidden' });
    await context.route(/\/assets\/consent-[\w-]+\.js$/, () => {});
    await page.reload({ waitUntil: 'domcontentloaded' });
    assert.equal(await banner(page).isVisible(), false, 'a stored choice keeps it hidden');
    assert.deepEqual(unexpected(errors), []);
    await context.close();
  });

  it("'Rejeitar' keeps every tag out across reloads; the footer link reopens the preferences by category", async () => {
    await trpcMutation(shop, cookie, 'settings.update', IDS);
    for (const width of [390, 1280]) {
      const first = await shopper(width);
      const { page, context, errors } = first;
      await page.goto(shop.url);
      await page.getByRole('button', { name: 'Rejeitar', exact: true }).click();
      await banner(page).waitFor({ state: 'hidden' });
      for (let i = 0; i < 2; i++) {
        await page.reload();
        await settle(page);
        assert.equal(await banner(page).isVisible(), false);
      }
      assert.deepEqual(first.contacted(), []);

      // The footer's link opens the preferences with the stored choice: necessary always on, the rest off.
      await page.getByRole('button', { name: 'Preferências de cookies' }).click();
      const panel = preferences(page);
      await panel.waitFor();
      assert.equal(await panel.getByLabel('Necessários (sempre ativos)').isChecked(), true);
      assert.equal(await panel.getByLabel('Necessários (sempre ativos)').isDisabled(), true);
      assert.equal(await panel.getByLabel('Análise').isChecked(), false);
      assert.equal(await panel.getByLabel('Marketing').isChecked(), false);
      await page.screenshot({ path: `${SHOTS}/consent-preferences-${width}.png` });
      assert.deepEqual(await seriousAxeViolations(page), []);

      // Analytics only: Google's tag loads, the marketing pixels do not.
      await panel.getByLabel('Análise').check();
      await panel.getByRole('button', { name: 'Salvar escolha' }).click();
      await panel.waitFor({ state: 'hidden' });
      await settle(page);
      assert.deepEqual(await contactedOnce(first.contacted, ['ga4']), ['ga4']);

      // Withdrawn again: the page reloads without it, and a fresh page contacts nothing.
      await page.getByRole('button', { name: 'Preferências de cookies' }).click();
      assert.equal(await panel.getByLabel('Análise').isChecked(), true);
      await Promise.all([
        page.waitForEvent('load'),
        panel
          .getByLabel('Análise')
          .uncheck()
          .then(() => panel.getByRole('button', { name: 'Salvar escolha' }).click()),
      ]);
      const next = await shopper(width, context);
      await next.page.goto(shop.url);
      await settle(next.page);
      assert.equal(await banner(next.page).isVisible(), false);
      assert.deepEqual(next.contacted(), []);
      assert.deepEqual(unexpected(errors), []);
      await context.close();
    }
  });

  it('is operable from the keyboard and does not trap focus', async () => {
    await trpcMutation(shop, cookie, 'settings.update', IDS);
    const { page, context, errors, contacted } = await shopper(390);
    await page.goto(shop.url);
    await banner(page).waitFor();
    await settle(page);
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    // The banner is the first stop, and Tab goes on past it to the page (no trap).
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'Aceitar');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'Rejeitar');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'Preferências');
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'Pular para o conteúdo');
    // Preferências opens the panel on its first choice; Escape closes it and focus comes back.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await preferences(page).waitFor();
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name), 'analytics');
    await page.keyboard.press('Escape');
    await preferences(page).waitFor({ state: 'hidden' });
    assert.equal(await focused(), 'Preferências');
    // Rejeitar from the keyboard: the banner goes, focus lands on the page's content, nothing loads.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await banner(page).waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'conteudo');
    await settle(page);
    assert.deepEqual(contacted(), []);
    assert.deepEqual(unexpected(errors), []);
    await context.close();
  });
});
