import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/settings.update',
      headers: { cookie, 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: { site_title: 'Hacked' },
    });
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/settings.update',
      headers: {
        cookie,
        'content-type': 'application/json',
        origin: 'http://localhost:80',
        host: 'localhost:80',
        'sec-fetch-site': 'same-origin',
      },
      payload: { site_title: 'Loja da Ana' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/trpc/settings.update',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { site_title: 'Minha Loja' },
    });
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
