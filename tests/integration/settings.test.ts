import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDirOf } from '../../server/config.ts';
import { SETTINGS_DEFAULTS } from '../../shared/settings.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { fakePng } from '../helpers/images.ts';
import { formData } from '../helpers/multipart.ts';
import { createTestApp } from '../helpers/test-app.ts';

let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const get = () => c.get('/settings/get.php').then((r) => r.json());
const update = (payload: Record<string, unknown>) => c.post('/settings/update.php', payload);

describe('/settings/get.php', () => {
  it('returns every setting with the spec defaults on a new shop', async () => {
    expect(await get()).toEqual(SETTINGS_DEFAULTS);
  });

  it('falls back to the configured Shopify domain and token while settings leave them empty', async () => {
    const local = await createTestApp({ SHOPIFY_DOMAIN: 'loja.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 'tok' });
    try {
      const s = (await local.app.inject({ method: 'GET', url: '/settings/get.php' })).json();
      expect(s).toMatchObject({ shopify_domain: 'loja.myshopify.com', shopify_token: 'tok' });
    } finally {
      await local.close();
    }
  });
});

describe('/settings/update.php', () => {
  it('needs an admin session and changes nothing without one', async () => {
    const res = await c.t.app.inject({ method: 'POST', url: '/settings/update.php', payload: { site_title: 'X' } });
    expect(res.statusCode).toBe(401);
    expect((await get()).site_title).toBe('Minha Loja');
  });

  it('accepts a multipart form with every field as text, booleans as 0/1', async () => {
    const res = await c.postForm('/settings/update.php', {
      site_title: 'Loja da Ana',
      show_discount_tag: '0',
      header_fixed: 'false',
      payment_icon_size: '48',
      locale: 'en',
      currency: 'EUR',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, message: 'Configurações salvas' });
    expect(await get()).toMatchObject({
      site_title: 'Loja da Ana',
      show_discount_tag: false,
      header_fixed: false,
      payment_icon_size: 48,
      locale: 'en',
      currency: 'EUR',
    });
    await update({
      site_title: 'Minha Loja',
      show_discount_tag: 1,
      header_fixed: true,
      payment_icon_size: 40,
      locale: 'pt-BR',
      currency: 'BRL',
    });
  });

  it('refuses an unknown locale or currency and writes nothing of that request', async () => {
    const bad = await update({ site_title: 'Nope', locale: 'xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Idioma inválido');
    const badCurrency = await update({ site_title: 'Nope', currency: 'BTC' });
    expect(badCurrency.json().error).toBe('Moeda inválida');
    expect((await get()).site_title).toBe('Minha Loja');
  });

  it("refuses an empty or too long shop name in the shop's words and writes nothing of that request", async () => {
    const before = await get();
    for (const [site_title, error] of [
      ['', 'Informe o título do site'],
      ['   \u200b ', 'Informe o título do site'],
      ['x'.repeat(201), 'Título do site muito longo (máx 200 caracteres)'],
    ] as const) {
      const res = await update({ site_title, site_description: 'Outra descrição' });
      expect(res.statusCode, JSON.stringify(site_title)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    expect(await get()).toEqual(before);
    expect((await update({ site_title: `  ${'y'.repeat(200)} ` })).statusCode).toBe(200);
    expect((await get()).site_title).toBe('y'.repeat(200));
    expect((await update({ site_title: before.site_title })).statusCode).toBe(200);
  });

  it("a collection name over 200 characters is refused in words, not the validator's", async () => {
    const res = await c.post('/api/collections/create.php', { name: 'c'.repeat(201) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('name: Nome da coleção muito longo (máx 200 caracteres)');
  });

  it('ignores unknown fields (no mass assignment)', async () => {
    const res = await update({ id: 7, store_unlock_password_hash: 'x', is_admin: true, site_title: 'Minha Loja' });
    expect(res.statusCode).toBe(200);
    const rows = await c.t.db
      .fork()
      .getConnection()
      .execute<{ id: number; h: string | null }[]>('select id, store_unlock_password_hash as h from settings');
    expect(rows).toEqual([{ id: 1, h: null }]);
  });

  it('stores the unlock password hashed and never returns it', async () => {
    await update({ store_unlock_password: 'abre-te-sesamo' });
    const rows = await c.t.db.fork().getConnection().execute<{ h: string }[]>('select store_unlock_password_hash as h from settings');
    expect(rows[0]?.h).toMatch(/^\$argon2id\$/);
    const publicBody = JSON.stringify(await get());
    expect(publicBody).not.toMatch(/abre-te-sesamo|argon2|unlock_password/);
    const admin = await c.get('/trpc/settings.admin', true);
    expect(admin.json().result.data.store_unlock_password_set).toBe(true);
    expect(JSON.stringify(admin.json())).not.toMatch(/argon2|abre-te-sesamo/);
  });

  it('stores an uploaded logo re-encoded under a server-chosen name', async () => {
    const png = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#003e64' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
      .toBuffer();
    const res = await c.postForm('/settings/update.php', { site_title: 'Minha Loja' }, [
      { field: 'logo', name: '../../etc/passwd.png', type: 'image/png', data: png },
    ]);
    expect(res.statusCode).toBe(200);
    const { logo_url } = await get();
    expect(logo_url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const file = await c.get(logo_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
    expect(file.rawPayload.includes(Buffer.from('secret-gps'))).toBe(false);
  });

  it('refuses a file that lies about its type and leaves nothing behind', async () => {
    const before = readdirSync(uploadsDirOf(c.t.config)).length;
    const res = await c.postForm('/settings/update.php', { site_title: 'Trocado' }, [
      { field: 'favicon', name: 'icon.png', type: 'image/png', data: fakePng },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('icon.png: formato não permitido');
    expect((await get()).site_title).toBe('Minha Loja');
    expect(readdirSync(uploadsDirOf(c.t.config)).length).toBe(before);
  });

  it('refuses a file over 5 MB with the spec text', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const res = await c.postForm('/settings/update.php', {}, [{ field: 'logo', name: 'grande.jpg', type: 'image/jpeg', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('grande.jpg: arquivo muito grande (máx 5MB)');
  });

  it('the tRPC twin returns the same settings as the legacy call', async () => {
    expect(await c.trpcQuery('settings.get')).toEqual(await get());
  });
});

describe('tRPC settings.updateWithImages (FormData over real HTTP)', () => {
  const send = (form: FormData) => c.trpcForm('settings.updateWithImages', form);

  it('stores a logo sent as FormData, with the same checks as the legacy route', async () => {
    const png = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#ff6b35' } })
      .png()
      .toBuffer();
    const res = await send(formData({ site_title: 'Minha Loja' }, [{ field: 'logo', name: 'logo.png', data: png }]));
    expect(res.status).toBe(200);
    expect((await res.json()).result.data.logo_url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);

    const bad = await send(formData({}, [{ field: 'favicon', name: 'x.webp', data: Buffer.from('GIF89a....'), type: 'image/webp' }]));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('x.webp: formato não permitido');
  });

  it('refuses a multipart body over the upload cap before reading it', async () => {
    const res = await c.t.app.inject({
      method: 'POST',
      url: '/trpc/settings.updateWithImages',
      headers: { cookie: c.cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(80 * 1024 * 1024) },
      payload: '--x--',
    });
    expect(res.statusCode).toBe(413);
  });
});
