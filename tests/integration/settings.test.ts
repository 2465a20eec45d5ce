import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDirOf } from '../../server/config.ts';
import { SETTINGS_DEFAULTS } from '../../shared/settings.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t.app);
});
afterAll(async () => {
  await t.close();
});

const get = () => t.app.inject({ method: 'GET', url: '/settings/get.php' }).then((r) => r.json());
const update = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/settings/update.php', payload, headers: { cookie, ...headers } });

function multipart(fields: Record<string, string>, files: { field: string; name: string; type: string; data: Buffer }[] = []) {
  const boundary = '----shoptest';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

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
    const res = await t.app.inject({ method: 'POST', url: '/settings/update.php', payload: { site_title: 'X' } });
    expect(res.statusCode).toBe(401);
    expect((await get()).site_title).toBe('Minha Loja');
  });

  it('accepts a multipart form with every field as text, booleans as 0/1', async () => {
    const form = multipart({
      site_title: 'Loja da Ana',
      show_discount_tag: '0',
      header_fixed: 'false',
      payment_icon_size: '48',
      locale: 'en',
      currency: 'EUR',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/settings/update.php',
      payload: form.payload,
      headers: { ...form.headers, cookie },
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

  it('clamps ranges to the spec fallbacks (shipping days 1-30 falls back to 2)', async () => {
    await update({ shipping_min_days: 99, shipping_max_days: 0 });
    expect(await get()).toMatchObject({ shipping_min_days: 2, shipping_max_days: 5 });
  });

  it('ignores unknown fields (no mass assignment)', async () => {
    const res = await update({ id: 7, store_unlock_password_hash: 'x', is_admin: true, site_title: 'Minha Loja' });
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .fork()
      .getConnection()
      .execute<{ id: number; h: string | null }[]>('select id, store_unlock_password_hash as h from settings');
    expect(rows).toEqual([{ id: 1, h: null }]);
  });

  it('stores the unlock password hashed and never returns it', async () => {
    await update({ store_unlock_password: 'abre-te-sesamo' });
    const rows = await t.db.fork().getConnection().execute<{ h: string }[]>('select store_unlock_password_hash as h from settings');
    expect(rows[0]?.h).toMatch(/^\$argon2id\$/);
    const publicBody = JSON.stringify(await get());
    expect(publicBody).not.toMatch(/abre-te-sesamo|argon2|unlock_password/);
    const admin = await t.app.inject({ method: 'GET', url: '/trpc/settings.admin', headers: { cookie } });
    expect(admin.json().result.data.store_unlock_password_set).toBe(true);
    expect(JSON.stringify(admin.json())).not.toMatch(/argon2|abre-te-sesamo/);
  });

  it('stores an uploaded logo re-encoded under a server-chosen name', async () => {
    const png = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#003e64' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
      .toBuffer();
    const form = multipart({ site_title: 'Minha Loja' }, [{ field: 'logo', name: '../../etc/passwd.png', type: 'image/png', data: png }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/settings/update.php',
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
    expect(res.statusCode).toBe(200);
    const { logo_url } = await get();
    expect(logo_url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const file = await t.app.inject({ method: 'GET', url: logo_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
    expect(file.rawPayload.includes(Buffer.from('secret-gps'))).toBe(false);
  });

  it('refuses a file that lies about its type and leaves nothing behind', async () => {
    const before = readdirSync(uploadsDirOf(t.config)).length;
    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const form = multipart({ site_title: 'Trocado' }, [{ field: 'favicon', name: 'icon.png', type: 'image/png', data: fake }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/settings/update.php',
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('icon.png: formato não permitido');
    expect((await get()).site_title).toBe('Minha Loja');
    expect(readdirSync(uploadsDirOf(t.config)).length).toBe(before);
  });

  it('refuses a file over 5 MB with the spec text', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const form = multipart({}, [{ field: 'logo', name: 'grande.jpg', type: 'image/jpeg', data: big }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/settings/update.php',
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('grande.jpg: arquivo muito grande (máx 5MB)');
  });

  it('the tRPC twin returns the same settings as the legacy call', async () => {
    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/settings.get' });
    expect(trpc.json().result.data).toEqual(await get());
  });
});

describe('tRPC settings.updateWithImages (FormData over real HTTP)', () => {
  // FormData reaches tRPC as the raw request stream, which app.inject does not provide: listen.
  let base: string;
  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address;
  });
  const send = (form: FormData) => fetch(`${base}/trpc/settings.updateWithImages`, { method: 'POST', body: form, headers: { cookie } });

  it('stores a logo sent as FormData, with the same checks as the legacy route', async () => {
    const png = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#ff6b35' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('site_title', 'Minha Loja');
    form.append('logo', new File([png], 'logo.png', { type: 'image/png' }));
    const res = await send(form);
    expect(res.status).toBe(200);
    expect((await res.json()).result.data.logo_url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);

    const fake = new FormData();
    fake.append('favicon', new File([Buffer.from('GIF89a....')], 'x.webp', { type: 'image/webp' }));
    const bad = await send(fake);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('x.webp: formato não permitido');
  });

  it('refuses a multipart body over the upload cap before reading it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/settings.updateWithImages',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(80 * 1024 * 1024) },
      payload: '--x--',
    });
    expect(res.statusCode).toBe(413);
  });
});
