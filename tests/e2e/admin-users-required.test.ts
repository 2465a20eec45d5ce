import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Locator } from 'playwright-core';
import { assertFieldError, fieldError } from './admin-catalog.helpers.ts';
import type { Shop } from './server.ts';
import { openAdmin, SHOTS, shopSuite } from './suite.ts';

let shop: Shop;
let browser: Browser;
shopSuite((s) => ({ shop, browser } = s));

const FILL = 'Preencha todos os campos';
const noOtherMessage = async (dialog: Locator) => {
  for (const text of ['Username inválido', 'no mínimo 6 caracteres', 'Senhas não conferem']) {
    assert.equal(await dialog.getByText(text, { exact: false }).count(), 0, `no '${text}' for an empty field`);
  }
};

describe('Usuários: empty fields', () => {
  for (const width of [1280, 390]) {
    it(`say only '${FILL}' in 'Criar Novo Usuário' and 'Alterar Minha Senha' (${width} px)`, async () => {
      const { context, page } = await openAdmin(browser, shop, '/admin/usuarios', { width });
      await page.getByRole('button', { name: 'Criar Novo Usuário' }).click();
      const create = page.getByRole('dialog', { name: 'Criar Novo Usuário' });
      await create.getByRole('button', { name: 'Criar Novo Usuário' }).click();
      await assertFieldError(create.getByLabel('Username'), FILL);
      await assertFieldError(create.getByLabel('Senha'), FILL);
      await noOtherMessage(create);
      await page.screenshot({ path: `${SHOTS}/admin-users-create-empty-${width}.png` });
      // Only the password empty: the username's own rule still speaks for the username.
      await create.getByLabel('Username').fill('ab');
      await create.getByRole('button', { name: 'Criar Novo Usuário' }).click();
      await assertFieldError(create.getByLabel('Username'), 'Username inválido (use apenas letras, números e _)');
      await assertFieldError(create.getByLabel('Senha'), FILL);
      await page.keyboard.press('Escape');
      await create.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Alterar Minha Senha' }).click();
      const pw = page.getByRole('dialog', { name: 'Alterar Minha Senha' });
      await pw.getByLabel('Senha atual').fill('qualquer');
      await pw.getByRole('button', { name: 'Salvar' }).click();
      await assertFieldError(pw.getByLabel('Nova senha').first(), FILL);
      await assertFieldError(pw.getByLabel('Confirmar nova senha'), FILL);
      assert.equal(await fieldError(pw.getByLabel('Senha atual')), '');
      await noOtherMessage(pw);
      await page.screenshot({ path: `${SHOTS}/admin-users-password-empty-${width}.png` });
      await context.close();
    });
  }
});
