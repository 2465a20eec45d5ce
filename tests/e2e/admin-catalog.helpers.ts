import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { type OpenedPage, openPage } from './browser.ts';
import type { Shop } from './server.ts';
import { openAdmin } from './suite.ts';

/** The admin's catalogue sections (client/admin/AdminShell.tsx) and the heading each one shows. */
export const SECTIONS = [
  { slug: 'top-headers', path: '/admin/top-headers', heading: 'Top Headers' },
  { slug: 'banners', path: '/admin/banners', heading: 'Banners' },
  { slug: 'collections', path: '/admin/colecoes', heading: 'Coleções' },
  { slug: 'products', path: '/admin/produtos', heading: 'Produtos' },
  { slug: 'product-order', path: '/admin/organizar-produtos', heading: 'Organizar Produtos' },
] as const;

/** The confirmation modal (`modals.openConfirmModal`) titled `question`: confirms or cancels it. */
export async function answerConfirm(page: Page, question: string, answer: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: question });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The form card of a list-and-form section, found by its current title. */
export const formCard = (page: Page, title: string) => page.getByRole('form', { name: title });

/** The error text shown under a field (Mantine links it with aria-describedby). */
export async function fieldError(field: Locator): Promise<string> {
  await assert.doesNotReject(field.waitFor());
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const page = field.page();
  for (const id of ids.split(/\s+/).filter(Boolean)) {
    const el = page.locator(`[id="${id}"]`);
    if ((await el.getAttribute('class'))?.includes('error')) return (await el.textContent()) ?? '';
  }
  return '';
}

/**
 * Asserts that `field` shows the error `expected`, waiting up to five seconds for it: the form draws
 * its errors in the render after the click that asked for them, and a test reading at once on a busy
 * machine found none (CI, 2026-11-29: '' for 'Preencha todos os campos' at 390 px).
 */
export async function assertFieldError(field: Locator, expected: string, message?: string): Promise<void> {
  const until = Date.now() + 5_000;
  let got = await fieldError(field);
  while (got !== expected && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    got = await fieldError(field);
  }
  assert.equal(got, expected, message);
}

/** A storefront page loaded afresh by an anonymous visitor; `read` runs on it, then it closes. */
export async function onStorefront<T>(browser: Browser, shop: Shop, path: string, read: (page: Page) => Promise<T>): Promise<T> {
  const { context, page } = await openPage(browser, shop);
  try {
    await page.goto(`${shop.url}${path}`, { waitUntil: 'domcontentloaded' });
    return await read(page);
  } finally {
    await context.close();
  }
}

/** Product names of a storefront page, in the order shown; under the section headed `heading` when given. */
export async function productTitles(page: Page, heading?: string): Promise<string[]> {
  const scope = heading
    ? page.locator('section').filter({ has: page.getByRole('heading', { name: heading, exact: true }) })
    : page.locator('main');
  // A card's name is an h2 under a collection page's h1, an h3 under a home section's h2.
  return scope.locator('article :is(h2, h3)').allTextContents();
}

/** Switches the admin theme with the header button (spec §2: 'Modo Claro' / 'Modo Escuro'). */
export async function setTheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('data-mantine-color-scheme')) === scheme) return;
  const label = scheme === 'dark' ? 'Modo Escuro' : 'Modo Claro';
  await page.getByRole('button', { name: label }).click();
  await page.waitForFunction((s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s, scheme);
}

/** Waits until nothing is loading or animating, so a screenshot or an axe run sees the settled page. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.mantine-Skeleton-root, [aria-busy="true"]'));
  await page.waitForTimeout(250);
}

/** An image-like file for `setInputFiles`. */
export const fileOf = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

/** A catalogue section opened by the signed-in admin, loaded and settled. */
export async function openSection(browser: Browser, shop: Shop, path: string, width = 1280): Promise<OpenedPage> {
  const opened = await openAdmin(browser, shop, path, { width });
  await settle(opened.page);
  return opened;
}
