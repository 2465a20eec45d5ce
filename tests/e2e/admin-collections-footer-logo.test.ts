import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { fieldError } from './admin-catalog.helpers.ts';
import type { Shop } from './server.ts';
import { openAdmin, SHOTS, shopSuite, toast } from './suite.ts';

let shop: Shop;
let browser: Browser;
shopSuite((s) => ({ shop, browser } = s));

const sectionTitles = async () =>
  ((await (await fetch(`${shop.url}/api/footer_sections/list.php`)).json()) as { title: string }[]).map((s) => s.title);

describe('Coleções, Footer and Configurações (smaller defects)', () => {
  it('warns before and after creating a second collection with the same name', async () => {
    const { context, page } = await openAdmin(browser, shop, '/admin/colecoes');
    const form = page.getByRole('form', { name: 'Nova coleção' });
    const name = form.getByRole('textbox', { name: 'Nome da coleção' });
    await name.fill('Promoções');
    await form.getByRole('button', { name: 'Adicionar' }).click();
    await toast(page, 'Coleção criada!');
    await page.getByTestId('collection-promocoes').waitFor();

    await name.fill('promocoes');
    await form.getByText('Já existe uma coleção com este nome (/colecao/promocoes): as duas aparecerão iguais no menu.').waitFor();
    assert.equal(await fieldError(name), '', 'a warning, not an error');
    await page.screenshot({ path: `${SHOTS}/admin-collections-same-name-1280.png` });
    await form.getByRole('button', { name: 'Adicionar' }).click();
    await toast(page, 'Já existe uma coleção chamada "Promoções". Esta foi criada com o endereço /colecao/promocoes-2.');
    await page.getByTestId('collection-promocoes-2').waitFor();
    await context.close();
  });

  for (const width of [1280, 390]) {
    it(`moves footer sections up and down, saved on the server (${width} px)`, async () => {
      const { context, page } = await openAdmin(browser, shop, '/admin/footer', { width });
      const before = await sectionTitles();
      assert.ok(before.length >= 2, 'the demo footer has sections');
      const [first, second] = before;
      const firstCard = page.getByTestId(/^footer-section-/).first();
      await firstCard.waitFor();
      const up = firstCard.getByRole('button', { name: /^Mover .* para cima$/ });
      assert.ok(await up.isDisabled(), 'the first cannot go up');
      assert.ok(
        await page
          .getByTestId(/^footer-section-/)
          .last()
          .getByRole('button', { name: /^Mover .* para baixo$/ })
          .isDisabled(),
        'the last cannot go down',
      );
      await firstCard.getByRole('button', { name: /^Mover .* para baixo$/ }).click();
      await toast(page, 'Ordem atualizada');
      assert.deepEqual((await sectionTitles()).slice(0, 2), [second, first]);
      await page.screenshot({ path: `${SHOTS}/admin-footer-sections-${width}.png`, fullPage: true });
      // And back with the keyboard: the button of the moved section, now second, moves it up.
      const moved = page
        .getByTestId(/^footer-section-/)
        .nth(1)
        .getByRole('button', { name: /^Mover .* para cima$/ });
      await moved.focus();
      await page.keyboard.press('Enter');
      await toast(page, 'Ordem atualizada');
      assert.deepEqual(await sectionTitles(), before);
      await context.close();
    });
  }

  it("keeps the logo's 'Escolher imagem' inside its card at 390 px", async () => {
    const { context, page } = await openAdmin(browser, shop, '/admin/configuracoes', { width: 390 });
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Loja', exact: true }) });
    const button = card.getByRole('button', { name: 'Escolher imagem' }).first();
    await button.waitFor();
    const [b, c] = [await button.boundingBox(), await card.boundingBox()];
    assert.ok(b && c);
    assert.ok(b.x >= c.x && b.x + b.width <= c.x + c.width, `button ${b.x}..${b.x + b.width} inside card ${c.x}..${c.x + c.width}`);
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 0, 'no sideways scroll');
    await button.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/admin-settings-logo-390.png` });
    await context.close();
  });
});
