import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { imageUrl } from '../../shared/image-url.ts';
import { adminCookie, openPage, seriousAxeViolations } from './browser.ts';
import { launchBrowser, type Shop, startShop } from './server.ts';

let shop: Shop;
let browser: Browser;
let cookie: string;

before(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  cookie = await adminCookie(shop);
});
after(async () => {
  await browser?.close();
  await shop?.stop();
});

const PRODUCT = '/produto/camiseta-listrada-marinheira';
const CAROUSEL = 'section[aria-roledescription="carrossel"]';
const TOP_BAR = 'section[aria-label="Avisos da loja"]';

/** A storefront page at the given width, hydrated. */
async function open(path: string, width: number, height = 900) {
  const opened = await openPage(browser, shop, { width, height });
  await opened.page.goto(`${shop.url}${path}`);
  await opened.page.waitForSelector('html[data-hydrated="true"]');
  return opened;
}

async function admin(path: string, body: FormData | object): Promise<Record<string, unknown>> {
  const json = !(body instanceof FormData);
  const res = await fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { cookie, origin: shop.url, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : body,
  });
  assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
  return res.json();
}
function settings(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return admin('/settings/update.php', form);
}

/** WCAG contrast ratios of elements' text against the first opaque background behind each (runs in the page). */
function contrastRatios(els: Element[]): number[] {
  const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
  const lum = (rgb: number[]) => {
    const f = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(rgb[0] ?? 0) + 0.7152 * f(rgb[1] ?? 0) + 0.0722 * f(rgb[2] ?? 0);
  };
  return els.map((el) => {
    let bg = [255, 255, 255];
    for (let n: Element | null = el; n; n = n.parentElement) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c.length === 3 || c[3] === 1) {
        bg = c.slice(0, 3);
        break;
      }
    }
    const [r = 0, g = 0, b = 0, a = 1] = rgba(getComputedStyle(el).color);
    const fg = [r, g, b].map((v, i) => v * a + (bg[i] ?? 255) * (1 - a));
    const [hi = 0, lo = 0] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  });
}

async function assertMutedContrast(page: Page, selector: string | Locator, what: string) {
  const ratios = await (typeof selector === 'string' ? page.locator(selector) : selector).evaluateAll(contrastRatios);
  assert.ok(ratios.length > 0, `${what} is on the page`);
  for (const r of ratios) assert.ok(r >= 4.5, `${what}: contrast ${r.toFixed(2)} < 4.5`);
}

/** Presses Tab until the element has focus (fails after 40 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((e) => e === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`${target} never received focus`);
}
const focusRingShown = (e: Element) => {
  const s = getComputedStyle(e);
  return e.matches(':focus-visible') && s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) >= 2;
};

describe('axe: no serious or critical violations', () => {
  const pages = [
    ['home', '/'],
    ['collection', '/colecao/camisetas'],
    ['product', PRODUCT],
    ['product not found', '/produto/nao-existe'],
    ['path not found', '/nada/por/aqui'],
  ] as const;
  /** axe at 390 and 1280 px on the page as it is now (reloaded at each width). */
  async function axeAtBothWidths(page: Page, name: string) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await page.waitForSelector('html[data-hydrated="true"]');
      assert.deepEqual(await seriousAxeViolations(page), [], `${name} at ${width} px`);
    }
  }
  for (const [name, path] of pages) {
    it(name, async () => {
      const { context, page, errors } = await open(path, 390);
      await axeAtBothWidths(page, name);
      assert.deepEqual(
        errors.filter((e) => !/http 404: .*\/(nao-existe|nada\/por\/aqui)$/.test(e)),
        [],
      );
      await context.close();
    });
  }

  it('lock screen', async () => {
    await settings({ store_locked: '1', store_unlock_password: 'senha-do-teste-1' });
    try {
      const { context, page } = await open('/', 390);
      await page.getByRole('heading', { level: 1, name: 'Sistema bloqueado pelo Goiano' }).waitFor();
      await axeAtBothWidths(page, 'lock screen');
      await context.close();
    } finally {
      await settings({ store_locked: '0' });
    }
  });
});

describe('defects that stay fixed', () => {
  it('muted texts (breadcrumb, old price, review city and count, empty collection) reach 4.5:1', async () => {
    const { context, page } = await open(PRODUCT, 1280);
    await assertMutedContrast(page, 'nav[aria-label="breadcrumb"] > *', 'product breadcrumb');
    await assertMutedContrast(page, 'main s', 'old price');
    await assertMutedContrast(page, page.getByText(/^\d+ avaliaç/), 'review count');
    await assertMutedContrast(page, 'main li strong + span', 'review city');
    await page.goto(shop.url);
    await assertMutedContrast(page, 'main article s', 'old price on a card');

    const created = await admin('/api/collections/create.php', { name: 'Coleção Vazia Teste' });
    const collection = created.collection as { id: number; slug: string };
    try {
      await page.goto(`${shop.url}/colecao/${collection.slug}`);
      await assertMutedContrast(page, 'main p:has-text("Nenhum produto nesta coleção ainda.")', 'empty collection message');
    } finally {
      await admin(`/api/collections/delete.php?id=${collection.id}`, {});
    }
    await context.close();
  });

  it('swipes on the banner and the product grid never start the browser back gesture', async () => {
    const { context, page } = await open('/', 390);
    const actions = await page.evaluate((sel) => {
      const viewport = document.querySelector(sel)?.firstElementChild;
      const grids = [...document.querySelectorAll('main [data-count]')];
      return [viewport, ...grids].map((el) => (el ? getComputedStyle(el).touchAction : 'missing'));
    }, CAROUSEL);
    assert.ok(actions.length >= 2, 'carousel and grids found');
    for (const a of actions) assert.match(a, /^pan-y( pinch-zoom)?$/, `touch-action ${a}`);
    await context.close();
  });

  it('home has exactly one h1, the shop title', async () => {
    const { context, page } = await open('/', 1280);
    assert.equal(await page.locator('h1').count(), 1);
    assert.equal((await page.locator('h1').textContent())?.trim(), 'Minha Loja');
    assert.equal(await page.locator('h2', { hasText: 'Casa & Decoração' }).count(), 1, 'collection headings use the label');
    await context.close();
  });

  it('the announcement bar is no live region and lists every message for screen readers', async () => {
    const messages = (await (await fetch(`${shop.url}/api/top_headers/list.php`)).json()) as { text: string }[];
    const { context, page } = await open('/', 390);
    const bar = page.locator(TOP_BAR);
    assert.equal(await bar.count(), 1);
    assert.equal(await bar.locator('[aria-live], [role="status"], [role="alert"], [role="marquee"], [role="log"]').count(), 0);
    assert.equal(await bar.getAttribute('aria-live'), null);
    assert.deepEqual(
      await bar.getByRole('listitem').allTextContents(),
      messages.map((m) => m.text),
    );
    await context.close();
  });

  it('footer: links look like links, plain texts do not; image mode covers at least 400 px', async () => {
    const { context, page } = await open('/', 1280);
    const style = (sel: string) =>
      page
        .locator(sel)
        .first()
        .evaluate((e) => {
          const s = getComputedStyle(e);
          return { line: s.textDecorationLine, opacity: s.opacity };
        });
    const link = await style('footer li a');
    const text = await style('footer li span');
    assert.equal(link.line, 'underline');
    assert.equal(text.line, 'none');
    assert.notEqual(link.opacity, text.opacity);

    const banners = (await (await fetch(`${shop.url}/api/banners/list.php`)).json()) as { image_url: string }[];
    const image = await (await fetch(`${shop.url}${imageUrl(banners[0]?.image_url)}`)).blob();
    await settings({ footer_use_image: '1', footer_image: new File([image], 'rodape.webp', { type: image.type }) });
    try {
      await page.reload();
      const footer = await page.locator('footer [role="img"]').evaluate((e) => {
        const s = getComputedStyle(e);
        return {
          size: s.backgroundSize,
          position: s.backgroundPosition,
          repeat: s.backgroundRepeat,
          height: e.getBoundingClientRect().height,
        };
      });
      assert.deepEqual(
        { ...footer, height: footer.height >= 400 },
        { size: 'cover', position: '50% 50%', repeat: 'no-repeat', height: true },
      );
      assert.equal((await page.locator('footer').textContent())?.trim(), '', 'image mode shows no content');
    } finally {
      await settings({ footer_use_image: '0' });
    }
    await context.close();
  });

  it('header layout and grid columns switch together at 768 px', async () => {
    const { context, page } = await open('/', 767);
    for (const [width, desktop] of [
      [767, false],
      [768, true],
      [1024, true],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      const state = await page.evaluate(() => {
        const nav = document.querySelector('header nav');
        const menu = [...document.querySelectorAll('header button')].find((b) => b.getAttribute('aria-label') === 'Menu');
        const visible = (e: Element | null | undefined) => !!e && getComputedStyle(e).display !== 'none';
        const columns = [...document.querySelectorAll('main [data-count="4"]')].map(
          (g) => getComputedStyle(g).gridTemplateColumns.split(' ').length,
        );
        return { nav: visible(nav), menu: visible(menu), columns };
      });
      assert.deepEqual(state, { nav: desktop, menu: !desktop, columns: state.columns.map(() => (desktop ? 4 : 2)) }, `${width} px`);
      assert.ok(state.columns.length > 0);
    }
    await context.close();
  });

  it('sections with fewer than 4 products sit centred under their heading', async () => {
    const { context, page } = await open('/', 1280);
    const sections = await page.locator('main section').evaluateAll((els) =>
      els.map((s) => {
        const grid = s.querySelector('[data-count]');
        const cards = [...(grid?.children ?? [])].map((c) => c.getBoundingClientRect());
        const g = grid?.getBoundingClientRect();
        const h = s.querySelector('h2')?.getBoundingClientRect();
        const first = cards[0];
        const last = cards[cards.length - 1];
        return {
          title: s.querySelector('h2')?.textContent,
          count: cards.length,
          left: (first?.left ?? 0) - (g?.left ?? 0),
          right: (g?.right ?? 0) - (last?.right ?? 0),
          cardsCentre: ((first?.left ?? 0) + (last?.right ?? 0)) / 2,
          headingCentre: ((h?.left ?? 0) + (h?.right ?? 0)) / 2,
          width: first?.width ?? 0,
        };
      }),
    );
    const full = sections.find((s) => s.count === 4);
    const short = sections.filter((s) => s.count > 0 && s.count < 4);
    assert.ok(full && short.length > 0, 'the demo has a full section and a short one');
    for (const s of short) {
      assert.ok(Math.abs(s.left - s.right) <= 2, `${s.title}: ${s.left} px left, ${s.right} px right`);
      assert.ok(Math.abs(s.cardsCentre - s.headingCentre) <= 2, `${s.title}: centred under the heading`);
      assert.ok(Math.abs(s.width - full.width) <= 1, `${s.title}: cards keep their width`);
    }
    await context.close();
  });

  for (const width of [390, 1280]) {
    it(`the banner link's focus ring stays inside the screen (${width} px)`, async () => {
      const { context, page } = await open('/', width);
      const link = page.locator(`${CAROUSEL} a`).first();
      await tabTo(page, link);
      const ring = await link.evaluate((e) => {
        const s = getComputedStyle(e);
        const grow = Number.parseFloat(s.outlineOffset) + Number.parseFloat(s.outlineWidth);
        const r = e.getBoundingClientRect();
        const clip = e.closest('section')?.firstElementChild?.getBoundingClientRect();
        return {
          visible: e.matches(':focus-visible') && s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) >= 2,
          inside:
            r.left - grow >= Math.max(0, clip?.left ?? 0) &&
            r.right + grow <= Math.min(window.innerWidth, clip?.right ?? 0) &&
            r.top - grow >= (clip?.top ?? 0) &&
            r.bottom + grow <= (clip?.bottom ?? 0),
        };
      });
      assert.deepEqual(ring, { visible: true, inside: true });
      await context.close();
    });
  }
});

describe('motion, pause and keyboard', () => {
  const index = (page: Page, selector = CAROUSEL) => page.locator(selector).getAttribute('data-index');
  const showing = (page: Page, i: number) => page.locator(`${CAROUSEL}[data-index="${i}"]`).waitFor();

  it('prefers-reduced-motion stops the banner autoplay, the announcement rotation and transitions', async () => {
    const { context, page } = await openPage(browser, shop, { width: 1280 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(shop.url);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: 'Reproduzir banners' }).waitFor(); // starts paused
    await page.waitForTimeout(6000); // longer than the 5 s autoplay and the 4 s rotation
    assert.deepEqual([await index(page), await index(page, TOP_BAR)], ['0', '0']);
    const duration = await page.locator(`${CAROUSEL} [aria-live]`).evaluate((e) => getComputedStyle(e).transitionDuration);
    assert.ok(Number.parseFloat(duration) < 0.001, `transition ${duration}`);
    await context.close();
  });

  it('the pause button stops and resumes the autoplay; pointer use never stops it (spec §2)', async () => {
    const { context, page } = await openPage(browser, shop, { width: 1280 });
    await page.clock.install();
    await page.goto(shop.url);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.clock.runFor(5100);
    await showing(page, 1);
    await page.getByRole('button', { name: 'Próximo' }).click();
    await showing(page, 2);
    await page.clock.runFor(5100); // a click does not stop the autoplay
    await showing(page, 0);

    await page.getByRole('button', { name: 'Pausar banners' }).click();
    await page.getByRole('button', { name: 'Reproduzir banners' }).waitFor();
    await page.clock.runFor(11000);
    await page.waitForTimeout(100);
    assert.equal(await index(page), '0', 'paused');
    await page.getByRole('button', { name: 'Reproduzir banners' }).click();
    await page.clock.runFor(5100);
    await showing(page, 1);
    await context.close();
  });

  it('the carousel works from the keyboard: named buttons, aria-current dots, visible focus', async () => {
    const { context, page } = await open('/', 1280);
    // Keyboard focus inside the carousel holds the autoplay, so the slides below change only by key.
    const third = page.getByRole('button', { name: 'Banner 3' });
    await tabTo(page, third);
    assert.ok(await third.evaluate(focusRingShown), 'focus ring on the dot');
    await page.keyboard.press('Enter');
    await showing(page, 2);
    assert.equal(await third.getAttribute('aria-current'), 'true');
    assert.equal(await page.locator(`${CAROUSEL} [aria-current]`).count(), 1);
    const pause = page.getByRole('button', { name: 'Pausar banners' });
    await tabTo(page, pause);
    assert.ok(await pause.evaluate(focusRingShown), 'focus ring on the pause button');
    const next = page.getByRole('button', { name: 'Próximo' });
    await tabTo(page, next);
    assert.ok(await next.evaluate(focusRingShown), 'focus ring on the arrow');
    await page.keyboard.press('Enter');
    await showing(page, 0);
    await page.keyboard.press('ArrowLeft');
    await showing(page, 2);
    await page.getByRole('button', { name: 'Anterior' }).waitFor();
    await context.close();
  });

  it('the product gallery works from the keyboard with a visible focus', async () => {
    const { context, page } = await open(PRODUCT, 390);
    const gallery = page.getByRole('region', { name: 'Imagens do produto' });
    const next = gallery.getByRole('button', { name: 'Próxima imagem' });
    await tabTo(page, next);
    assert.ok(await next.evaluate(focusRingShown), 'focus ring on the arrow');
    await page.keyboard.press('Enter');
    await gallery.getByText('2 / 3').waitFor();
    await page.keyboard.press('ArrowRight');
    await gallery.getByText('3 / 3').waitFor();
    await page.keyboard.press('Home');
    await gallery.getByText('1 / 3').waitFor();
    const thumb = gallery.getByRole('button', { name: 'Imagem 2' });
    await tabTo(page, thumb);
    assert.ok(await thumb.evaluate(focusRingShown), 'focus ring on the thumbnail');
    await page.keyboard.press('Enter');
    await gallery.getByText('2 / 3').waitFor();
    assert.equal(await thumb.getAttribute('aria-current'), 'true');
    await context.close();
  });
});
