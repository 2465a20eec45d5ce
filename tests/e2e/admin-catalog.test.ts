import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { image } from '../helpers/images.ts';
import {
  answerConfirm,
  assertFieldError,
  fileOf,
  formCard,
  onStorefront,
  openSection,
  SECTIONS,
  setTheme,
  settle,
} from './admin-catalog.helpers.ts';
import { seriousAxeViolations } from './browser.ts';
import type { Shop } from './server.ts';
import { SHOTS, shopSuite, toast } from './suite.ts';

let shop: Shop;
let browser: Browser;
let cookie: string;

shopSuite((s) => ({ shop, browser, cookie } = s), { admin: true });

/** A legacy call as a third party makes it, signed in: used to change things behind the admin's back. */
async function legacy(path: string, body?: unknown): Promise<Response> {
  return fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { cookie, origin: shop.url, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
}
async function listOf<T>(path: string): Promise<T[]> {
  return (await fetch(`${shop.url}${path}`)).json() as Promise<T[]>;
}

/** Signs out in the browser only (the page still shows the panel): the next write is refused by the server. */
async function withoutSession<T>(page: Page, run: () => Promise<T>): Promise<T> {
  const context = page.context();
  const cookies = await context.cookies();
  await context.clearCookies();
  try {
    return await run();
  } finally {
    await context.addCookies(cookies);
  }
}

describe('admin catalogue sections: look and accessibility', () => {
  it('every section passes axe in the light and dark themes, at 390 and 1280 px, with nothing wider than the screen', async () => {
    const { context, page, errors } = await openSection(browser, shop, '/admin/top-headers');
    try {
      for (const scheme of ['light', 'dark'] as const) {
        await setTheme(page, scheme);
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
          for (const s of SECTIONS) {
            await page.goto(`${shop.url}${s.path}`);
            await page.getByRole('heading', { level: 2, name: s.heading, exact: true }).waitFor();
            await settle(page);
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            assert.ok(overflow <= 0, `${s.slug} at ${width} px (${scheme}) is ${overflow} px wider than the screen`);
            assert.deepEqual(await seriousAxeViolations(page), [], `${s.slug} at ${width} px (${scheme})`);
            await page.screenshot({ path: `${SHOTS}/admin-${s.slug}-${width}-${scheme}.png`, fullPage: true });
            if (s.slug === 'products' || s.slug === 'product-order') {
              // The busier states: a product in edit mode with its gallery; a collection with its home badges.
              if (s.slug === 'products')
                await page
                  .getByRole('button', { name: /^Editar / })
                  .first()
                  .click();
              else {
                await page.getByRole('combobox', { name: 'Lista' }).click();
                await page.getByRole('option', { name: 'Camisetas', exact: true }).click();
              }
              await page
                .getByTestId(s.slug === 'products' ? 'gallery-item' : 'order-row')
                .first()
                .waitFor();
              await settle(page);
              await page.evaluate(() => window.scrollTo(0, 0));
              assert.deepEqual(await seriousAxeViolations(page), [], `${s.slug} (detail) at ${width} px (${scheme})`);
              await page.screenshot({ path: `${SHOTS}/admin-${s.slug}-detail-${width}-${scheme}.png`, fullPage: true });
            }
          }
        }
      }
    } finally {
      await setTheme(page, 'light');
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('Top Headers', () => {
  it('creates, edits, cancels and deletes announcement bars, each change on the storefront', async () => {
    const { context, page, errors } = await openSection(browser, shop, '/admin/top-headers');
    const form = formCard(page, 'Novo top header');
    const text = form.getByRole('textbox', { name: 'Texto', exact: true });
    assert.equal(await form.getByLabel('Ordem').inputValue(), '1', 'sort order starts at 1 (spec §9)');

    await form.getByRole('button', { name: 'Adicionar top header' }).click();
    await assertFieldError(text, 'Informe o texto do Top Header');

    await text.fill('Cupom BEMVINDO10 na primeira compra');
    await form.getByLabel('Cor de fundo').fill('#7a1f3d');
    await form.getByLabel('Cor do texto').fill('#fffbe6');
    await form.getByLabel('Ordem').fill('0');
    const preview = form.getByText('Cupom BEMVINDO10 na primeira compra', { exact: true });
    assert.equal(await preview.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(122, 31, 61)', 'the preview shows the colours');
    await page.screenshot({ path: `${SHOTS}/admin-top-headers-form-1280.png` });
    await form.getByRole('button', { name: 'Adicionar top header' }).click();
    await toast(page, 'Top Header criado!');
    assert.equal(await text.inputValue(), '', 'the form is cleared');
    assert.equal(await form.getByLabel('Ordem').inputValue(), '1');
    const row = page.getByTestId(/^top-header-/).filter({ hasText: 'Cupom BEMVINDO10' });
    await row.waitFor();
    assert.equal(
      await onStorefront(browser, shop, '/', (p) => p.locator('section[aria-label="Avisos da loja"] [data-current]').textContent()),
      'Cupom BEMVINDO10 na primeira compra',
      'the storefront bar starts with it (sort order 0)',
    );

    await row.getByRole('button', { name: 'Editar Cupom BEMVINDO10 na primeira compra' }).click();
    const editForm = formCard(page, 'Editar top header');
    assert.equal(await editForm.getByRole('textbox', { name: 'Texto', exact: true }).inputValue(), 'Cupom BEMVINDO10 na primeira compra');
    assert.equal(await editForm.getByLabel('Cor de fundo').inputValue(), '#7a1f3d');
    await editForm.getByRole('textbox', { name: 'Texto', exact: true }).fill('Cupom BEMVINDO15 na primeira compra');
    await editForm.getByRole('button', { name: 'Salvar alterações' }).click();
    await toast(page, 'Top Header atualizado!');
    await formCard(page, 'Novo top header').waitFor();
    assert.equal(
      await onStorefront(browser, shop, '/', (p) => p.locator('section[aria-label="Avisos da loja"] [data-current]').textContent()),
      'Cupom BEMVINDO15 na primeira compra',
    );

    // Cancel: back to create mode with a cleared form, nothing saved.
    const edited = page.getByTestId(/^top-header-/).filter({ hasText: 'BEMVINDO15' });
    await edited.getByRole('button', { name: /^Editar / }).click();
    await formCard(page, 'Editar top header').getByRole('textbox', { name: 'Texto', exact: true }).fill('não salvar isto');
    await formCard(page, 'Editar top header').getByRole('button', { name: 'Cancelar' }).click();
    assert.equal(await formCard(page, 'Novo top header').getByRole('textbox', { name: 'Texto', exact: true }).inputValue(), '');
    assert.equal(await formCard(page, 'Novo top header').getByLabel('Cor de fundo').inputValue(), '#003e64');
    await edited.waitFor();

    // A refused save keeps what was typed; saving again works.
    await withoutSession(page, async () => {
      await text.fill('Troca fácil em 30 dias');
      await form.getByRole('button', { name: 'Adicionar top header' }).click();
      await toast(page, 'Erro ao salvar', 'Não autenticado');
    });
    assert.equal(await text.inputValue(), 'Troca fácil em 30 dias', 'nothing typed is lost');
    await form.getByRole('button', { name: 'Adicionar top header' }).click();
    await toast(page, 'Top Header criado!');

    // Delete: cancelling the confirmation keeps it; confirming removes it everywhere.
    await edited.getByRole('button', { name: /^Excluir / }).click();
    await answerConfirm(page, 'Excluir top header?', 'Cancelar');
    await edited.waitFor();
    await edited.getByRole('button', { name: /^Excluir / }).click();
    await answerConfirm(page, 'Excluir top header?', 'Excluir');
    await toast(page, 'Top Header excluído');
    await edited.waitFor({ state: 'detached' });
    const bar = await onStorefront(browser, shop, '/', (p) => p.content());
    assert.ok(!bar.includes('BEMVINDO15'), 'gone from the storefront');

    // Deleted meanwhile by someone else: 'Erro ao excluir', and the list is reloaded.
    const other = page.getByTestId(/^top-header-/).filter({ hasText: 'Troca fácil em 30 dias' });
    const id = Number((await other.getAttribute('data-testid'))?.replace('top-header-', ''));
    assert.equal((await legacy(`/api/top_headers/delete.php?id=${id}`)).status, 200);
    await other.getByRole('button', { name: /^Excluir / }).click();
    await answerConfirm(page, 'Excluir top header?', 'Excluir');
    await toast(page, 'Erro ao excluir', 'Top Header não encontrado');
    await other.waitFor({ state: 'detached' });

    assert.deepEqual(
      errors.filter((e) => !/http (401|404)/.test(e)),
      [],
    );
    await context.close();
  });
});

describe('Banners', () => {
  it('creates with an uploaded image and preview, edits, cancels and deletes, each change on the storefront', async () => {
    const { context, page, errors } = await openSection(browser, shop, '/admin/banners');
    const form = formCard(page, 'Novo banner');
    const fileInput = form.locator('input[type=file]').first();
    const imageWrapper = form.getByText('JPEG, PNG ou WebP, até 5 MB').first();
    assert.equal(await form.getByLabel('Ordem').inputValue(), '1', 'sort order starts at 1 (spec §9)');

    await form.getByRole('button', { name: 'Adicionar banner' }).click();
    await form.getByText('Selecione uma imagem').waitFor();

    await fileInput.setInputFiles(fileOf('animado.gif', 'image/gif', Buffer.from('GIF89a')));
    await form.getByText('animado.gif: formato não permitido').waitFor();
    await fileInput.setInputFiles(fileOf('enorme.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 1)));
    await form.getByText('enorme.png: arquivo muito grande (máx 5MB)').waitFor();
    await fileInput.setInputFiles(fileOf('inverno.png', 'image/png', await image('png', '#2d6a8a', { width: 900, height: 300 })));
    const preview = form.getByRole('img', { name: 'Pré-visualização da imagem' });
    assert.match((await preview.getAttribute('src')) ?? '', /^blob:/, 'the chosen file is previewed');
    assert.equal(await form.getByText('enorme.png: arquivo muito grande (máx 5MB)').count(), 0, 'the error goes with a good file');
    assert.ok(await imageWrapper.isVisible());

    await form.getByLabel('Título (opcional)').fill('Liquidação de Inverno');
    await form.getByLabel('Link (opcional)').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Adicionar banner' }).click();
    await assertFieldError(form.getByLabel('Link (opcional)'), 'Link inválido');
    await form.getByLabel('Link (opcional)').fill('/colecao/acessorios');
    await page.screenshot({ path: `${SHOTS}/admin-banners-form-1280.png` });
    await form.getByRole('button', { name: 'Adicionar banner' }).click();
    await toast(page, 'Banner criado!');
    assert.equal(await form.getByLabel('Título (opcional)').inputValue(), '');
    assert.equal(await form.getByRole('img', { name: 'Pré-visualização da imagem' }).count(), 0, 'the form is cleared');
    const row = page.getByTestId(/^banner-/).filter({ hasText: 'Liquidação de Inverno' });
    await row.waitFor();
    // A titled banner's caption names it (its image is then decorative, alt="").
    const slideOf = (p: Page, title: string) => p.locator('[aria-roledescription="banner"]').filter({ hasText: title });
    const slide = (p: Page) => slideOf(p, 'Liquidação de Inverno').count();
    assert.equal(await onStorefront(browser, shop, '/', slide), 1, 'the home carousel shows it');

    // Edit: new title and a new image.
    await row.getByRole('button', { name: 'Editar Liquidação de Inverno' }).click();
    const editForm = formCard(page, 'Editar banner');
    assert.equal(await editForm.getByLabel('Link (opcional)').inputValue(), '/colecao/acessorios');
    assert.match((await editForm.getByRole('img', { name: 'Pré-visualização da imagem' }).getAttribute('src')) ?? '', /^\/uploads\//);
    const before = (await listOf<{ title: string; image_url: string }>('/api/banners/list.php')).find(
      (b) => b.title === 'Liquidação de Inverno',
    );
    await editForm.getByLabel('Título (opcional)').fill('Liquidação de Inverno: até 40% off');
    await editForm
      .locator('input[type=file]')
      .first()
      .setInputFiles(fileOf('inverno-2.webp', 'image/webp', await image('webp', '#8a2d4f', { width: 900, height: 300 })));
    await editForm.getByRole('button', { name: 'Salvar alterações' }).click();
    await toast(page, 'Banner atualizado!');
    const afterEdit = (await listOf<{ title: string; image_url: string }>('/api/banners/list.php')).find((b) =>
      b.title.startsWith('Liquidação'),
    );
    assert.equal(afterEdit?.title, 'Liquidação de Inverno: até 40% off');
    assert.notEqual(afterEdit?.image_url, before?.image_url, 'the image was replaced');
    const edited = page.getByTestId(/^banner-/).filter({ hasText: 'até 40% off' });
    assert.equal(
      await onStorefront(browser, shop, '/', (p) => slideOf(p, 'Liquidação de Inverno: até 40% off').locator('img').getAttribute('src')),
      afterEdit?.image_url,
    );

    // Cancel.
    await edited.getByRole('button', { name: /^Editar / }).click();
    await formCard(page, 'Editar banner').getByLabel('Título (opcional)').fill('não salvar');
    await formCard(page, 'Editar banner').getByRole('button', { name: 'Cancelar' }).click();
    assert.equal(await form.getByLabel('Título (opcional)').inputValue(), '');
    assert.equal(await form.getByLabel('Link (opcional)').inputValue(), '');

    // A refused save keeps the title, link and chosen image.
    await fileInput.setInputFiles(fileOf('outono.jpg', 'image/jpeg', await image('jpeg', '#b5651d', { width: 900, height: 300 })));
    await form.getByLabel('Título (opcional)').fill('Coleção de Outono');
    await withoutSession(page, async () => {
      await form.getByRole('button', { name: 'Adicionar banner' }).click();
      await toast(page, 'Erro ao salvar banner', 'Não autenticado');
    });
    assert.equal(await form.getByLabel('Título (opcional)').inputValue(), 'Coleção de Outono');
    assert.match((await form.getByRole('img', { name: 'Pré-visualização da imagem' }).getAttribute('src')) ?? '', /^blob:/);
    await form.getByRole('button', { name: 'Adicionar banner' }).click();
    await toast(page, 'Banner criado!');

    // Delete with confirmation.
    await edited.getByRole('button', { name: /^Excluir / }).click();
    await answerConfirm(page, 'Excluir banner?', 'Excluir');
    await toast(page, 'Banner excluído');
    await edited.waitFor({ state: 'detached' });
    assert.equal(await onStorefront(browser, shop, '/', (p) => slideOf(p, 'Liquidação de Inverno').count()), 0);

    // Deleted meanwhile: 'Erro ao excluir'.
    const autumn = page.getByTestId(/^banner-/).filter({ hasText: 'Coleção de Outono' });
    const id = Number((await autumn.getAttribute('data-testid'))?.replace('banner-', ''));
    assert.equal((await legacy(`/api/banners/delete.php?id=${id}`)).status, 200);
    await autumn.getByRole('button', { name: /^Excluir / }).click();
    await answerConfirm(page, 'Excluir banner?', 'Excluir');
    await toast(page, 'Erro ao excluir', 'Banner não encontrado');
    await autumn.waitFor({ state: 'detached' });

    assert.deepEqual(
      errors.filter((e) => !/http (401|404)/.test(e)),
      [],
    );
    await context.close();
  });
});

describe('Banners: phone image', () => {
  for (const width of [390, 1280]) {
    it(`adds an optional 21:9 phone image, shows it on the list, and removes it on edit (${width})`, async () => {
      const { context, page, errors } = await openSection(browser, shop, '/admin/banners', width);
      const form = formCard(page, 'Novo banner');
      const phonePicker = form.locator('.mantine-InputWrapper-root').filter({ hasText: 'Imagem para celular (opcional)' });
      await phonePicker.getByText('Proporção 21:9', { exact: false }).waitFor();
      const title = `Banner celular ${width}`;
      await form
        .locator('input[type=file]')
        .first()
        .setInputFiles(fileOf('desktop.png', 'image/png', await image('png', '#2d6a8a', { width: 900, height: 300 })));
      await phonePicker
        .locator('input[type=file]')
        .setInputFiles(fileOf('celular.png', 'image/png', await image('png', '#8a2d4f', { width: 700, height: 300 })));
      assert.match((await phonePicker.getByRole('img', { name: 'Pré-visualização da imagem' }).getAttribute('src')) ?? '', /^blob:/);
      await form.getByLabel('Título (opcional)').fill(title);
      await page.screenshot({ path: `${SHOTS}/admin-banners-phone-form-${width}.png`, fullPage: true });
      await form.getByRole('button', { name: 'Adicionar banner' }).click();
      await toast(page, 'Banner criado!');
      const row = page.getByTestId(/^banner-/).filter({ hasText: title });
      await row.getByText('Com imagem para celular', { exact: false }).waitFor();
      const saved = (await listOf<{ title: string; mobile_image_url: string }>('/api/banners/list.php')).find((b) => b.title === title);
      assert.match(saved?.mobile_image_url ?? '', /^\/uploads\//);

      await row.getByRole('button', { name: `Editar ${title}` }).click();
      const editForm = formCard(page, 'Editar banner');
      const editPhone = editForm.locator('.mantine-InputWrapper-root').filter({ hasText: 'Imagem para celular (opcional)' });
      assert.equal(await editPhone.getByRole('img', { name: 'Pré-visualização da imagem' }).getAttribute('src'), saved?.mobile_image_url);
      await editPhone.getByRole('button', { name: 'Remover imagem' }).click();
      await editPhone.getByText('Nenhuma imagem escolhida').waitFor();
      await editForm.getByRole('button', { name: 'Salvar alterações' }).click();
      await toast(page, 'Banner atualizado!');
      const after = (await listOf<{ title: string; mobile_image_url: string }>('/api/banners/list.php')).find((b) => b.title === title);
      assert.equal(after?.mobile_image_url, '');
      assert.equal(await row.getByText('Com imagem para celular', { exact: false }).count(), 0);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

describe('Coleções', () => {
  type Collection = { id: number; name: string; slug: string; active: boolean };
  const sectionHeadings = (p: Page) => p.locator('main section h2').allTextContents();

  it('creates by Enter or the button, renames, cancels, toggles, reorders and deletes, each change on the storefront', async () => {
    const { context, page, errors } = await openSection(browser, shop, '/admin/colecoes');
    const form = formCard(page, 'Nova coleção');
    const name = form.getByRole('textbox', { name: 'Nome da coleção', exact: true });
    const row = (slug: string) => page.getByTestId(`collection-${slug}`);

    await form.getByRole('button', { name: 'Adicionar' }).click();
    await assertFieldError(name, 'Informe o nome da coleção');

    await name.fill('Verão 2026');
    await name.press('Enter');
    await toast(page, 'Coleção criada!');
    await row('verao-2026').waitFor();
    assert.equal(await name.inputValue(), '', 'the field is cleared');
    await name.fill('Inverno');
    await form.getByRole('button', { name: 'Adicionar' }).click();
    await toast(page, 'Coleção criada!');
    await row('inverno').waitFor();

    // Rename (edit mode), then cancel an edit.
    await row('inverno').getByRole('button', { name: 'Editar Inverno' }).click();
    const edit = formCard(page, 'Renomear coleção');
    assert.equal(await edit.getByRole('textbox', { name: 'Nome da coleção', exact: true }).inputValue(), 'Inverno');
    await edit.getByRole('textbox', { name: 'Nome da coleção', exact: true }).fill('Inverno 2026');
    await edit.getByRole('button', { name: 'Salvar alterações' }).click();
    await toast(page, 'Coleção atualizada');
    await row('inverno-2026').waitFor();
    await row('verao-2026').getByRole('button', { name: 'Editar Verão 2026' }).click();
    await formCard(page, 'Renomear coleção').getByRole('button', { name: 'Cancelar' }).click();
    assert.equal(await name.inputValue(), '', 'cancel clears the form and goes back to create mode');

    // A refused create keeps the name typed.
    await withoutSession(page, async () => {
      await name.fill('Outono');
      await name.press('Enter');
      await toast(page, 'Erro ao criar coleção', 'Não autenticado');
    });
    assert.equal(await name.inputValue(), 'Outono');
    await name.fill('');

    // Active toggle: hidden from the home page and its menu, then back.
    const toggle = row('acessorios').getByRole('switch', { name: 'Coleção Acessórios ativa' });
    await toggle.click({ force: true });
    await toast(page, 'Coleção desativada');
    let home = await onStorefront(browser, shop, '/', sectionHeadings);
    assert.ok(!home.includes('Acessórios'), `no Acessórios section: ${home}`);
    await toggle.click({ force: true });
    await toast(page, 'Coleção ativada');
    home = await onStorefront(browser, shop, '/', sectionHeadings);
    assert.ok(home.includes('Acessórios'));

    // Reorder with the buttons: first up and last down are disabled.
    const all = async () => (await listOf<Collection>('/api/collections/list.php')).map((c) => c.slug);
    assert.ok(await row('camisetas').getByRole('button', { name: 'Mover Camisetas para cima' }).isDisabled());
    assert.ok(await row('inverno-2026').getByRole('button', { name: 'Mover Inverno 2026 para baixo' }).isDisabled());
    await row('casa-decoracao').getByRole('button', { name: 'Mover Casa & Decoração para cima' }).click();
    await toast(page, 'Ordem atualizada');
    assert.deepEqual((await all()).slice(0, 3), ['camisetas', 'casa-decoracao', 'acessorios']);
    await row('casa-decoracao').getByRole('button', { name: 'Mover Casa & Decoração para cima' }).click();
    await toast(page, 'Ordem atualizada');
    home = await onStorefront(browser, shop, '/', sectionHeadings);
    assert.deepEqual(
      home.filter((h) => ['Camisetas', 'Acessórios', 'Casa & Decoração'].includes(h)),
      ['Casa & Decoração', 'Camisetas', 'Acessórios'],
      'the home sections follow the new order',
    );
    assert.ok(await row('casa-decoracao').getByRole('button', { name: 'Mover Casa & Decoração para cima' }).isDisabled());

    // Failures: the spec's thrown texts as toast messages, and the list comes back from the server.
    const idOf = async (slug: string) => (await listOf<Collection>('/api/collections/list.php')).find((c) => c.slug === slug)?.id;
    assert.equal((await legacy(`/api/collections/delete.php?id=${await idOf('inverno-2026')}`)).status, 200);
    await row('inverno-2026').getByRole('switch').click({ force: true });
    await toast(page, 'Erro ao atualizar coleção', 'Failed to update collection');
    await row('inverno-2026').waitFor({ state: 'detached' });
    assert.equal((await legacy(`/api/collections/delete.php?id=${await idOf('verao-2026')}`)).status, 200);
    await row('verao-2026').getByRole('button', { name: 'Mover Verão 2026 para cima' }).click();
    await toast(page, 'Erro ao reordenar', 'Failed to reorder collections');
    await row('verao-2026').waitFor({ state: 'detached' });
    assert.deepEqual((await all()).slice(0, 3), ['casa-decoracao', 'camisetas', 'acessorios'], 'nothing changed');

    // Delete with confirmation (its products stay, as featured ones); then one deleted meanwhile.
    await name.fill('Temporária');
    await name.press('Enter');
    await toast(page, 'Coleção criada!');
    await row('temporaria').getByRole('button', { name: 'Excluir Temporária' }).click();
    await answerConfirm(page, 'Excluir coleção?', 'Excluir');
    await toast(page, 'Coleção excluída');
    await row('temporaria').waitFor({ state: 'detached' });
    await name.fill('Passageira');
    await name.press('Enter');
    await toast(page, 'Coleção criada!');
    assert.equal((await legacy(`/api/collections/delete.php?id=${await idOf('passageira')}`)).status, 200);
    await row('passageira').getByRole('button', { name: 'Excluir Passageira' }).click();
    await answerConfirm(page, 'Excluir coleção?', 'Excluir');
    await toast(page, 'Erro ao excluir', 'Coleção não encontrada');
    await row('passageira').waitFor({ state: 'detached' });

    // Put the demo order back for the other tests.
    await row('camisetas').getByRole('button', { name: 'Mover Camisetas para cima' }).click();
    await toast(page, 'Ordem atualizada');
    assert.deepEqual((await all()).slice(0, 3), ['camisetas', 'casa-decoracao', 'acessorios']);
    assert.deepEqual(
      errors.filter((e) => !/http (401|404)/.test(e)),
      [],
    );
    await context.close();
  });
});
