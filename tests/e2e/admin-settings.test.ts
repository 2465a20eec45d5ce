import '../../shared/zod-locale.ts';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { CONTENT_MESSAGES } from '../../shared/content.ts';
import type { Settings } from '../../shared/settings.ts';
import { ZSettingsUpdate } from '../../shared/settings-input.ts';
import { png } from '../helpers/images.ts';
import { card, chooseFile, cssColor, failCalls, trpcMutation, trpcQuery, unexpected } from './admin-settings-helpers.ts';
import { adminCookie, openPage, seriousAxeViolations } from './browser.ts';
import type { Shop } from './server.ts';
import { openAdmin, SHOTS, shopSuite, toast } from './suite.ts';

let shop: Shop;
let browser: Browser;
shopSuite((s) => ({ shop, browser } = s));

const settings = () => trpcQuery<Settings>(shop, 'settings.get');

/** The admin signed in at one section, with its form loaded. */
async function section(path: string, width = 1280) {
  const opened = await openAdmin(browser, shop, path, { width, height: 900 });
  await opened.page.getByRole('button', { name: 'Salvar' }).first().waitFor();
  return opened;
}

/** A visitor's storefront page (a new browser context). */
async function storefront(path = '/') {
  const opened = await openPage(browser, shop, { width: 1280, height: 900 });
  await opened.page.goto(`${shop.url}${path}`);
  return opened;
}

describe('admin Configurações', () => {
  it('saves title, shipping days and a logo; the storefront shows them', async () => {
    const { page, context, errors } = await section('/admin/configuracoes');
    await page.getByLabel('Título do site').fill('Loja da Ana E2E');
    const min = page.getByLabel('Prazo mínimo (dias úteis)');
    await min.fill('3');
    await page.getByLabel('Prazo máximo (dias úteis)').fill('9');
    const site = card(page, 'Loja');
    await chooseFile(page, site.getByRole('button', { name: 'Escolher imagem' }).first(), {
      name: 'logo.png',
      buffer: await png('#003e64'),
    });
    await site.getByRole('img', { name: 'Pré-visualização' }).waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Configurações salvas');
    assert.equal(await min.inputValue(), '3', 'the form shows what the server kept');

    const saved = await settings();
    assert.equal(saved.site_title, 'Loja da Ana E2E');
    assert.equal(saved.shipping_min_days, 3);
    assert.equal(saved.shipping_max_days, 9);
    assert.match(saved.logo_url, /^\/uploads\/.+\.png$/);

    const shopper = await storefront();
    assert.equal(await shopper.page.title().then((t) => t.includes('Loja da Ana E2E')), true, 'the page title follows');
    const img = shopper.page.locator(`header img[alt="Loja da Ana E2E"]`);
    assert.equal(await img.getAttribute('src'), saved.logo_url);
    await shopper.context.close();
    assert.deepEqual(unexpected(errors), []);
    await context.close();
  });

  it('refuses out-of-range delivery days and a minimum above the maximum under the field, saving nothing', async () => {
    for (const width of [1280, 390]) {
      const { page, context, errors } = await section('/admin/configuracoes', width);
      const before = await settings();
      const min = page.getByLabel('Prazo mínimo (dias úteis)');
      const max = page.getByLabel('Prazo máximo (dias úteis)');
      await min.fill('45');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await card(page, 'Prazo de entrega').getByText('Prazo mínimo deve estar entre 1 e 30 dias úteis').waitFor();
      assert.equal(await min.getAttribute('aria-invalid'), 'true');

      await min.fill('7');
      await max.fill('3');
      await page.getByRole('button', { name: 'Salvar' }).click();
      const order = card(page, 'Prazo de entrega').getByText('Prazo mínimo não pode ser maior que o prazo máximo');
      await order.waitFor();
      assert.equal(await min.getAttribute('aria-invalid'), 'true', 'the message sits at the minimum');
      await card(page, 'Prazo de entrega').scrollIntoViewIfNeeded();
      await card(page, 'Prazo de entrega').screenshot({ path: `${SHOTS}/admin-settings-delivery-error-${width}.png` });
      const after = await settings();
      assert.deepEqual([after.shipping_min_days, after.shipping_max_days], [before.shipping_min_days, before.shipping_max_days]);
      assert.deepEqual(unexpected(errors), []);
      await context.close();
    }
  });

  it("shows the server's refusal under its field, keeps what was typed, and keeps it after a failed save", async () => {
    const { page, context, errors } = await section('/admin/configuracoes');
    // Locking needs an unlock password: the server says so, under the password field.
    await page.getByRole('switch', { name: 'Bloquear a loja' }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Falha ao salvar configurações.');
    const password = page.getByLabel('Senha de desbloqueio');
    assert.equal(await password.getAttribute('aria-invalid'), 'true');
    await page.getByText('Defina uma senha de desbloqueio antes de bloquear a loja').waitFor();
    assert.equal(await page.getByRole('switch', { name: 'Bloquear a loja' }).isChecked(), true, 'the switch stays on');
    assert.deepEqual(await seriousAxeViolations(page), [], 'with a message in place');
    await page.getByRole('switch', { name: 'Bloquear a loja' }).uncheck();

    // A colour longer than the contract allows: the contract's message in place, nothing sent.
    const long = `#${'a'.repeat(70)}`;
    const message = ZSettingsUpdate.safeParse({ primary_color: long }).error?.issues[0]?.message ?? '-';
    await page.getByLabel('Cor primária', { exact: true }).fill(long);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await card(page, 'Cores').getByText(message).waitFor();
    await page.getByLabel('Cor primária', { exact: true }).fill('#123456');

    // The server fails: the toast says so, the typed title stays, the button works again.
    const restore = await failCalls(page, 'settings.update');
    await page.getByLabel('Título do site').fill('Título não salvo');
    await page.getByRole('button', { name: 'Salvar' }).click();
    assert.match(await toast(page, 'Falha ao salvar configurações.'), /Erro/);
    assert.equal(await page.getByLabel('Título do site').inputValue(), 'Título não salvo');
    assert.equal(await page.getByLabel('Cor primária', { exact: true }).inputValue(), '#123456');
    await restore();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Configurações salvas');
    assert.equal((await settings()).site_title, 'Título não salvo');
    assert.equal((await settings()).primary_color, '#123456');
    assert.deepEqual(unexpected(errors, [/http 400: .*settings\.update/, /http 500: .*settings\.update/]), []);
    await context.close();
  });
});

describe('admin Header', () => {
  it('saves colours and positions; the preview follows at once and the storefront header uses them', async () => {
    const { page, context, errors } = await section('/admin/header');
    const colours = card(page, 'Cores');
    await colours.getByLabel('Fundo', { exact: true }).fill('#112233');
    await colours.getByLabel('Texto', { exact: true }).fill('#fafafa');
    await page.getByRole('radiogroup', { name: 'Posição do logo' }).getByText('Centro').click();
    await page.getByRole('radiogroup', { name: 'Menu' }).getByText('Direita').click();
    const preview = page.getByTestId('preview-header');
    assert.equal(await cssColor(preview), 'rgb(17, 34, 51)');
    assert.equal(await cssColor(preview, 'color'), 'rgb(250, 250, 250)');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Header atualizado');

    const saved = await settings();
    assert.equal(saved.header_bg_color, '#112233');
    assert.equal(saved.header_logo_position, 'center');
    assert.equal(saved.header_mobile_menu_position, 'right');
    const shopper = await storefront();
    assert.equal(await cssColor(shopper.page.locator('header')), 'rgb(17, 34, 51)');
    await shopper.context.close();

    // Back to the theme's colour with 'Padrão'.
    await colours.getByRole('button', { name: 'Padrão' }).first().click();
    assert.equal(await colours.getByLabel('Fundo', { exact: true }).inputValue(), 'default');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Header atualizado');
    assert.equal((await settings()).header_bg_color, 'default');
    assert.deepEqual(unexpected(errors), []);
    await context.close();
  });
});

describe('admin Customização Shopify', () => {
  it('saves colour pairs (picker or free text) and sizes; the preview follows; failures keep the values', async () => {
    const { page, context, errors } = await section('/admin/shopify');
    const mobile = card(page, 'Botão Mobile Home');
    await mobile.getByLabel('Fundo do círculo').fill('rebeccapurple');
    await mobile.getByLabel('Cor do ícone').fill('#ffff00');
    assert.equal(await cssColor(page.getByTestId('preview-home-mobile')), 'rgb(102, 51, 153)');
    assert.equal(await cssColor(page.getByTestId('preview-home-mobile'), 'color'), 'rgb(255, 255, 0)');
    await card(page, 'Modal do Carrinho').getByLabel('Fundo do painel').fill('#fffbe6');
    // 'Comprar Agora' has its own pair (the spec's generic buy-button colours).
    await card(page, 'Botão Comprar Agora').getByLabel('Fundo do botão').fill('#1b5e20');
    assert.equal(await cssColor(page.getByTestId('preview-buy-now-button')), 'rgb(27, 94, 32)');

    const width = page.getByRole('slider', { name: 'Largura' });
    await width.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    const button = page.getByTestId('preview-product-button');
    const stage = await button.evaluate((el) => (el.parentElement as HTMLElement).clientWidth - 24);
    const drawn = await button.evaluate((el) => el.getBoundingClientRect().width);
    assert.ok(Math.abs(drawn - stage * 0.8) < 2, `the preview button is 80 % wide (${drawn} of ${stage})`);

    // Text over the contract's limit: its message in place, nothing sent.
    const long = 'x'.repeat(65);
    const message = ZSettingsUpdate.safeParse({ shopify_checkout_bg_color: long }).error?.issues[0]?.message ?? '-';
    const checkout = card(page, 'Botão de Finalizar Compra');
    await checkout.getByLabel('Fundo do botão').fill(long);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await checkout.getByText(message).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), [], 'with a message in place');
    await checkout.getByLabel('Fundo do botão').fill('#0a7d33');

    const restore = await failCalls(page, 'settings.update');
    await page.getByRole('button', { name: 'Salvar' }).click();
    assert.match(await toast(page, 'Não foi possível salvar as configurações.'), /Erro ao salvar/);
    assert.equal(await mobile.getByLabel('Fundo do círculo').inputValue(), 'rebeccapurple');
    await restore();
    await page.getByRole('button', { name: 'Salvar' }).click();
    assert.match(await toast(page, 'As configurações foram salvas com sucesso.'), /Shopify atualizado/);

    const saved = await settings();
    assert.equal(saved.shopify_home_mobile_bg_color, 'rebeccapurple');
    assert.equal(saved.shopify_home_mobile_text_color, '#ffff00');
    assert.equal(saved.shopify_cart_bg_color, '#fffbe6');
    assert.equal(saved.shopify_checkout_bg_color, '#0a7d33');
    assert.equal(saved.shopify_button_color, '#1b5e20');
    assert.equal(saved.product_button_width_percent, 80);
    await page.getByText('Onde cada elemento aparece').waitFor();
    assert.deepEqual(unexpected(errors, [/http 500: .*settings\.update/]), []);
    await context.close();
  });
});

describe('admin Footer', () => {
  it('saves the copyright and icon size; the storefront footer shows them', async () => {
    const { page, context, errors } = await section('/admin/footer');
    // The demo's sections are shown by their translated titles (the storefront's footer labels).
    await page.getByText('Institucional', { exact: true }).first().waitFor();
    await page.getByText('Quem somos', { exact: true }).first().waitFor();
    await page.getByLabel('Texto de copyright').fill('© Loja da Ana E2E — todos os direitos');
    const size = page.getByRole('slider', { name: 'Tamanho dos ícones de pagamento' });
    await size.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Footer atualizado');
    assert.equal((await settings()).payment_icon_size, 44);
    const shopper = await storefront();
    await shopper.page.locator('footer').getByText('© Loja da Ana E2E — todos os direitos').waitFor();
    await shopper.context.close();
    assert.deepEqual(unexpected(errors), []);
    await context.close();
  });

  it('adds a payment icon (image required), switches it off and on, and removes it after confirming', async () => {
    const { page, context, errors } = await section('/admin/footer');
    const add = page.getByRole('form', { name: 'Adicionar ícone' });
    await add.getByLabel('Texto alternativo').fill('Pix E2E');
    await add.getByRole('button', { name: 'Adicionar ícone' }).click();
    await add.getByText(CONTENT_MESSAGES.imageRequired).waitFor();
    assert.equal(await add.getByText('Selecione uma imagem').count(), 1);

    await chooseFile(page, add.getByRole('button', { name: 'Escolher imagem' }), { name: 'pix.png', buffer: await png('#32bcad') });
    await add.getByRole('button', { name: 'Adicionar ícone' }).click();
    await toast(page, 'Ícone adicionado com sucesso');
    await page.getByRole('img', { name: 'Pix E2E' }).waitFor();
    assert.equal(await add.getByLabel('Texto alternativo').inputValue(), '', 'the form is cleared');

    const shopper = await storefront();
    await shopper.page.locator('footer').getByRole('img', { name: 'Pix E2E' }).waitFor();
    await shopper.context.close();

    const active = page.getByRole('switch', { name: 'Ativo: Pix E2E' });
    // The switch follows the saved state, so it turns only once the server answered: click, not uncheck().
    await active.click();
    await toast(page, 'Ícone desativado');
    await page.waitForFunction((el) => !(el as HTMLInputElement).checked, await active.elementHandle());
    const icons = await trpcQuery<{ alt_text: string; active: boolean }[]>(shop, 'footer.icons');
    assert.equal(icons.find((i) => i.alt_text === 'Pix E2E')?.active, false);
    await active.click();
    await toast(page, 'Ícone ativado');
    await page.waitForFunction((el) => (el as HTMLInputElement).checked, await active.elementHandle());

    const restore = await failCalls(page, 'footer.toggleIcon');
    await active.click(); // the switch moves, then goes back when the save fails
    await toast(page, 'Erro ao atualizar ícone');
    assert.equal(await active.isChecked(), true, 'the switch shows the saved state');
    await restore();

    await page.getByRole('button', { name: 'Remover Pix E2E' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover este ícone permanentemente?' });
    await dialog.getByRole('button', { name: 'Cancelar' }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), [], 'with the confirmation open');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    assert.equal(await page.getByRole('img', { name: 'Pix E2E' }).count(), 1, 'cancel keeps it');
    await page.getByRole('button', { name: 'Remover Pix E2E' }).click();
    await dialog.getByRole('button', { name: 'Remover' }).click();
    await toast(page, 'Ícone removido');
    await page.getByRole('img', { name: 'Pix E2E' }).waitFor({ state: 'detached' });
    assert.deepEqual(unexpected(errors, [/http 500: .*footer\.toggleIcon/]), []);
    await context.close();
  });

  it('adds a section and its links (label required, URL optional), edits and removes them after confirming', async () => {
    const { page, context, errors } = await section('/admin/footer');
    const newSection = page.getByRole('form', { name: 'Nova seção' });
    await newSection.getByRole('button', { name: 'Adicionar seção' }).click();
    await newSection.getByText(CONTENT_MESSAGES.sectionTitleRequired).waitFor();

    const restore = await failCalls(page, 'footer.createSection');
    await newSection.getByLabel('Nova seção').fill('Atendimento E2E');
    await newSection.getByRole('button', { name: 'Adicionar seção' }).click();
    await toast(page, 'Erro ao adicionar seção');
    assert.equal(await newSection.getByLabel('Nova seção').inputValue(), 'Atendimento E2E', 'the typed title stays');
    await restore();
    await newSection.getByRole('button', { name: 'Adicionar seção' }).click();
    await toast(page, 'Seção adicionada');

    const links = page.getByRole('form', { name: 'Novo link em Atendimento E2E' });
    await links.getByRole('button', { name: 'Adicionar link' }).click();
    await links.getByText(CONTENT_MESSAGES.linkLabelRequired).waitFor();
    await links.getByLabel('Texto do link').fill('Whatsapp E2E');
    await links.getByLabel('URL (opcional)').fill('https://wa.me/5511999999999');
    await links.getByRole('button', { name: 'Adicionar link' }).click();
    await toast(page, 'Link adicionado');
    await links.getByLabel('Texto do link').fill('Seg a Sex, 9h às 18h');
    await links.getByRole('button', { name: 'Adicionar link' }).click();
    await page.getByText('texto simples, sem link').last().waitFor();

    let shopper = await storefront();
    const footer = shopper.page.locator('footer');
    await footer.getByRole('heading', { name: 'Atendimento E2E' }).waitFor();
    assert.equal(await footer.getByRole('link', { name: 'Whatsapp E2E' }).getAttribute('href'), 'https://wa.me/5511999999999');
    assert.equal(await footer.getByRole('link', { name: 'Seg a Sex, 9h às 18h' }).count(), 0, 'without URL it is plain text');
    await footer.getByText('Seg a Sex, 9h às 18h').waitFor();
    await shopper.context.close();

    await page.getByRole('button', { name: 'Editar Whatsapp E2E' }).click();
    const edit = page.locator('form').filter({ has: page.getByRole('button', { name: 'Cancelar' }) });
    await edit.getByLabel('Texto do link').fill('WhatsApp E2E');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Link atualizado');
    await page.getByRole('button', { name: 'Remover WhatsApp E2E' }).click();
    await page.getByRole('dialog', { name: 'Remover este link?' }).getByRole('button', { name: 'Remover' }).click();
    await toast(page, 'Link removido');

    await page.getByRole('button', { name: 'Remover seção Atendimento E2E' }).click();
    await page.getByRole('dialog', { name: 'Remover esta seção e todos os seus links?' }).getByRole('button', { name: 'Remover' }).click();
    await toast(page, 'Seção removida');
    shopper = await storefront();
    await shopper.page.locator('footer').waitFor();
    assert.equal(await shopper.page.locator('footer').getByText('Atendimento E2E').count(), 0);
    await shopper.context.close();
    assert.deepEqual(unexpected(errors, [/http 500: .*footer\.createSection/]), []);
    await context.close();
  });
});

const SECTIONS = [
  { name: 'configuracoes', path: '/admin/configuracoes', ready: 'Acesso à loja' },
  { name: 'header', path: '/admin/header', ready: 'Pré-visualização' },
  { name: 'shopify', path: '/admin/shopify', ready: 'Onde cada elemento aparece' },
  { name: 'footer', path: '/admin/footer', ready: 'Seções e links' },
];

describe('the four sections in both themes', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`have no serious axe violations and are screenshotted at 390 and 1280 px (${theme})`, async () => {
      await trpcMutation(shop, await adminCookie(shop), 'settings.update', { admin_theme: theme });
      for (const width of [390, 1280]) {
        const { page, context, errors } = await openAdmin(browser, shop, '/admin', { width, height: 900 });
        for (const s of SECTIONS) {
          await page.goto(`${shop.url}${s.path}`);
          await page.getByRole('heading', { name: s.ready }).waitFor();
          await page.waitForLoadState('networkidle');
          assert.equal(await page.locator('html').getAttribute('data-mantine-color-scheme'), theme);
          assert.deepEqual(await seriousAxeViolations(page), [], `${s.name} ${theme} ${width}`);
          await page.screenshot({ path: `${SHOTS}/admin-${s.name}-${theme}-${width}.png`, fullPage: true });
        }
        // A toast with title and message, as readable as the rest.
        await page.goto(`${shop.url}/admin/shopify`);
        await page.getByRole('button', { name: 'Salvar' }).click();
        await page.locator('.mantine-Notification-root').filter({ hasText: 'Shopify atualizado' }).waitFor();
        assert.deepEqual(await seriousAxeViolations(page), [], `toast ${theme} ${width}`);
        assert.deepEqual(unexpected(errors), []);
        await context.close();
      }
    });
  }
});
