import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { Shop } from './server.ts';
import { openAdmin, SHOTS, shopSuite } from './suite.ts';

let shop: Shop;
let browser: Browser;
shopSuite((s) => ({ shop, browser } = s));

/** Every admin section with a form (client/admin/AdminShell.tsx). */
const FORMS = [
  '/admin/configuracoes',
  '/admin/idioma',
  '/admin/header',
  '/admin/shopify',
  '/admin/pagamento',
  '/admin/whatsapp',
  '/admin/cookies',
  '/admin/frete-gratis',
  '/admin/informacoes-legais',
  '/admin/top-headers',
  '/admin/banners',
  '/admin/colecoes',
  '/admin/produtos',
  '/admin/footer',
  '/admin/avaliacoes',
];

/**
 * A placeholder a person could take for a typed value: a price, a path or address, a colour, a
 * date or a copyright line. An example is fine when it says so ('Ex.: …').
 */
const looksLikeValue = (p: string) => !p.startsWith('Ex.:') && /\d|\/|#|@|©|\.com|^default$/i.test(p);

const placeholders = (page: Page) =>
  page.locator('input[placeholder], textarea[placeholder]').evaluateAll((els) =>
    els.map((e) => ({
      label: (e as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? e.getAttribute('aria-label') ?? e.id,
      placeholder: e.getAttribute('placeholder') ?? '',
    })),
  );

describe('admin fields: hints that cannot be mistaken for filled values', () => {
  it('no form field shows a value-like placeholder', async () => {
    const { context, page } = await openAdmin(browser, shop, '/admin');
    const found: string[] = [];
    for (const path of FORMS) {
      await page.goto(`${shop.url}${path}`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const f of await placeholders(page)) if (looksLikeValue(f.placeholder)) found.push(`${path} ${f.label}: '${f.placeholder}'`);
    }
    assert.deepEqual(found, []);
    await context.close();
  });

  it('a description grows with its text, from three lines to ten, then scrolls', async () => {
    const { context, page } = await openAdmin(browser, shop, '/admin/produtos');
    const box = page.getByRole('form', { name: 'Novo produto' }).getByRole('textbox', { name: 'Descrição', exact: true });
    const height = () => box.evaluate((e) => e.getBoundingClientRect().height);
    const lineHeight = await box.evaluate((e) => Number.parseFloat(getComputedStyle(e).lineHeight));
    const empty = await height();
    await box.fill(Array.from({ length: 6 }, (_, i) => `linha ${i + 1}`).join('\n'));
    const six = await height();
    await box.fill(Array.from({ length: 30 }, (_, i) => `linha ${i + 1}`).join('\n'));
    const thirty = await height();
    assert.ok(Math.abs(six - empty - 3 * lineHeight) < 2, `three lines more, three lines taller (${empty} -> ${six}, line ${lineHeight})`);
    assert.ok(Math.abs(thirty - empty - 7 * lineHeight) < 2, `no taller than ten lines (${thirty})`);
    const scrolled = await box.evaluate((e) => {
      e.scrollTop = e.scrollHeight;
      return e.scrollTop;
    });
    assert.ok(scrolled > 0, 'the rest scrolls');
    await context.close();
  });

  for (const width of [1280, 390]) {
    it(`prices and links carry their example under the field, and start empty (${width} px)`, async () => {
      const { context, page } = await openAdmin(browser, shop, '/admin/produtos', { width });
      const form = page.getByRole('form', { name: 'Novo produto' });
      const price = form.getByRole('textbox', { name: 'Preço', exact: true });
      const old = form.getByRole('textbox', { name: 'Preço antigo', exact: true });
      for (const [field, example] of [
        [price, 'Ex.: 89,90'],
        [old, 'Ex.: 119,90'],
      ] as const) {
        assert.equal(await field.inputValue(), '');
        assert.equal(await field.getAttribute('placeholder'), null);
        const described = await field.evaluate((e) =>
          (e.getAttribute('aria-describedby') ?? '')
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        );
        assert.ok(described.includes(example), `described by '${example}'`);
      }
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/admin-products-hints-${width}.png` });
      // An old price the storefront would not show (not above the price) is said so while typing,
      // under both fields (announced: role status), which stay side by side.
      const warning = form
        .getByRole('status')
        .filter({ hasText: 'Atenção: o preço antigo não é maior que o preço, então a loja não o mostra.' });
      await price.fill('100,00');
      await old.fill('90');
      await warning.waitFor();
      await old.fill('100');
      await warning.waitFor();
      const [a, b] = [await price.boundingBox(), await old.boundingBox()];
      assert.ok(a && b && Math.abs(a.y - b.y) < 1, `the two price fields stay on one line (${a?.y}, ${b?.y})`);
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/admin-products-old-price-warning-${width}.png` });
      await old.fill('119,90');
      await warning.waitFor({ state: 'detached' });
      // Saved so, the product list does not cross it out as a discount (the storefront shows none):
      // it says the old price is not shown.
      await form.getByRole('textbox', { name: 'Título', exact: true }).fill(`Caneca sem desconto ${width}`);
      await old.fill('90');
      await form.getByRole('button', { name: 'Criar produto' }).click();
      const row = page.getByTestId(`product-caneca-sem-desconto-${width}`);
      await row.getByText('preço antigo R$ 90,00 não aparece na loja').waitFor();
      const crossed = await row.evaluate((r) =>
        [...r.querySelectorAll('*')]
          .filter((e) => getComputedStyle(e).textDecorationLine.includes('line-through'))
          .map((e) => e.textContent),
      );
      assert.deepEqual(crossed, []);
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/admin-products-old-price-row-${width}.png` });
      await page.goto(`${shop.url}/admin/banners`);
      const link = page.getByRole('textbox', { name: 'Link (opcional)' });
      await link.waitFor();
      assert.equal(await link.getAttribute('placeholder'), null);
      await page.getByText('Ex.: /colecao/camisetas').waitFor();
      await context.close();
    });
  }
});
