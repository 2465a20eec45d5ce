import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

/** A tRPC settings.update write with the given headers (origin, cookie, …). */
const updateSettings = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/trpc/settings.update', headers, payload });
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('cross-site write refusal (CSRF)', () => {
  const bodies = [
    { type: 'application/json', payload: JSON.stringify({ site_title: 'Hacked' }) },
    { type: 'application/x-www-form-urlencoded', payload: 'site_title=Hacked' },
    { type: 'text/plain', payload: '{"site_title":"Hacked"}' },
    {
      type: 'multipart/form-data; boundary=X',
      payload: '--X\r\nContent-Disposition: form-data; name="site_title"\r\n\r\nHacked\r\n--X--\r\n',
    },
  ];

  for (const { type, payload } of bodies) {
    it(`refuses a ${type.split(';')[0]} write from another site on the legacy route`, async () => {
      const cookie = await loginCookie(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/settings/update.php',
        headers: { cookie, 'content-type': type, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        payload,
      });
      expect(res.statusCode).toBe(403);
      const settings = await t.app.inject({ method: 'GET', url: '/settings/get.php' });
      expect(settings.json().site_title).toBe('Minha Loja');
    });
  }

  it('refuses a cross-site tRPC mutation, even with only an Origin header', async () => {
    const cookie = await loginCookie(t.app);
    const res = await updateSettings(
      { cookie, 'content-type': 'application/json', origin: 'https://evil.example' },
      { site_title: 'Hacked' },
    );
    expect(res.statusCode).toBe(403);
  });

  it('refuses a cross-site login (login CSRF)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login.php',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: ADMIN,
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts a same-origin write from the browser', async () => {
    const cookie = await loginCookie(t.app);
    const res = await updateSettings(
      {
        cookie,
        'content-type': 'application/json',
        origin: 'http://localhost:80',
        host: 'localhost:80',
        'sec-fetch-site': 'same-origin',
      },
      { site_title: 'Loja da Ana' },
    );
    expect(res.statusCode).toBe(200);
    await updateSettings({ cookie, 'content-type': 'application/json' }, { site_title: 'Minha Loja' });
  });
});

describe('hardening', () => {
  it('refuses bodies with __proto__', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login.php',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"admin","password":"x","__proto__":{"isAdmin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Requisição inválida' });
  });

  it('refuses oversized bodies with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login.php',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a'.repeat(2 * 1024 * 1024), password: 'x' }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('sends nosniff and a frame policy on every answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/me.php' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope.php' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('error');
  });
});

describe('behind a TLS proxy that is not configured as trusted', () => {
  it('accepts a same-origin browser write even though the scheme looks like http here', async () => {
    const cookie = await loginCookie(t.app);
    const res = await updateSettings(
      {
        cookie,
        'content-type': 'application/json',
        host: 'loja.example',
        origin: 'https://loja.example',
        'sec-fetch-site': 'same-origin',
      },
      { site_title: 'Minha Loja' },
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('tRPC input hardening', () => {
  it('refuses __proto__ in a tRPC JSON body and in a query input', async () => {
    const cookie = await loginCookie(t.app);
    const body = await t.app.inject({
      method: 'POST',
      url: '/trpc/collections.create',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1},"name":"a"}',
    });
    expect(body.statusCode).toBe(400);
    const query = await t.app.inject({
      method: 'GET',
      url: `/trpc/catalog.products?input=${encodeURIComponent('{"__proto__":{"q":"x"}}')}`,
    });
    expect(query.statusCode).toBe(400);
  });

  it('takes multipart bodies only at the upload procedures', async () => {
    const cookie = await loginCookie(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': '5' },
      payload: '--x--',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('answers in the spec language', () => {
  it('a POST to an unknown or read-only path answers a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/products/list.php' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Não encontrado' });
  });

  it('malformed tRPC JSON answers a generic Portuguese message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Requisição inválida');
  });

  it('a wrongly typed legacy field is named, not reported as missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products/get.php?id=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).not.toBe('Preencha todos os campos');
    expect(res.json().error).toMatch(/^id: /);
  });
});
