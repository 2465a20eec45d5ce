import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '../../shared/content.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { fakePng, png } from '../helpers/images.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * A refused tRPC call names the input it is about in `error.data.field`, so the admin forms show
 * the server's message under that field. The legacy `.php` answers stay as documented.
 */
let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const refusal = async (res: { json: () => unknown } | Response) => {
  const body = (res instanceof Response ? await res.json() : res.json()) as { error: { message: string; data: { field: string | null } } };
  return { message: body.error.message, field: body.error.data.field };
};

describe('settings refusals name their field', () => {
  it('a value over the contract limit names the setting', async () => {
    const res = await c.trpcMutation('settings.update', { shopify_cart_bg_color: 'x'.repeat(65) });
    expect(res.statusCode).toBe(400);
    expect(await refusal(res)).toMatchObject({ field: 'shopify_cart_bg_color' });
  });

  it('locking without an unlock password names store_unlock_password', async () => {
    const res = await c.trpcMutation('settings.update', { store_locked: true });
    expect(await refusal(res)).toEqual({
      message: 'Defina uma senha de desbloqueio antes de bloquear a loja',
      field: 'store_unlock_password',
    });
  });

  it('an image that is not one names its upload field, and nothing changes', async () => {
    const form = new FormData();
    form.append('site_title', 'Não muda');
    form.append('logo', new Blob([await png()], { type: 'image/png' }), 'logo.png');
    form.append('favicon', new Blob([fakePng], { type: 'image/png' }), 'icone.png');
    const res = await c.trpcForm('settings.updateWithImages', form);
    expect(res.status).toBe(400);
    expect(await refusal(res)).toEqual({ message: 'icone.png: formato não permitido', field: 'favicon' });
    expect((await c.trpcQuery('settings.get')).site_title).toBe('Minha Loja');
  });

  it('an unknown locale names locale, with the spec message', async () => {
    const res = await c.trpcMutation('settings.update', { locale: 'xx' });
    expect(await refusal(res)).toEqual({ message: 'Idioma inválido', field: 'locale' });
  });
});

describe('footer refusals name their field', () => {
  it('a blank section title names title', async () => {
    const res = await c.trpcMutation('footer.createSection', { title: '   ' });
    expect(await refusal(res)).toEqual({ message: CONTENT_MESSAGES.sectionTitleRequired, field: 'title' });
  });

  it('a blank link label and a script URL name label and url', async () => {
    const section = (await c.trpcMutation('footer.createSection', { title: 'Ajuda' })).json().result.data;
    const blank = await c.trpcMutation('footer.createLink', { section_id: section.id, label: '' });
    expect(await refusal(blank)).toEqual({ message: CONTENT_MESSAGES.linkLabelRequired, field: 'label' });
    const script = await c.trpcMutation('footer.createLink', { section_id: section.id, label: 'X', url: 'javascript:alert(1)' });
    expect(await refusal(script)).toEqual({ message: CONTENT_MESSAGES.invalidLink, field: 'url' });
  });

  it('an input of the wrong type names its path', async () => {
    const res = await c.trpcMutation('footer.createSection', { title: 42 });
    expect(await refusal(res)).toMatchObject({ field: 'title' });
  });

  it('an icon without image names image; the legacy answer is unchanged', async () => {
    const res = await c.trpcForm('footer.createIcon', new FormData());
    expect(await refusal(res)).toEqual({ message: CONTENT_MESSAGES.imageRequired, field: 'image' });
    const legacy = await c.postForm('/api/footer_icons/create.php', { alt_text: 'Pix' });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json()).toEqual({ error: CONTENT_MESSAGES.imageRequired });
  });
});
