import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

/** Row 9 and the header bullets of the hardening issue: CSP on pages, HSTS behind TLS, no-store on private answers. */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginCookie(t.app);
});
afterAll(async () => {
  await t.close();
});

/** The CSP header as { directive: sources }. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const setShop = (domain: string) =>
  t.app.inject({ method: 'POST', url: '/settings/update.php', headers: { cookie: admin }, payload: { shopify_domain: domain } });

describe('Content-Security-Policy', () => {
  it('storefront and admin pages allow only our scripts, with no inline-script exception', async () => {
    for (const url of ['/', '/admin', '/admin/settings']) {
      const res = await get(url);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const p = csp(res.headers['content-security-policy']);
      expect(p['default-src']).toEqual(["'self'"]);
      expect(p['script-src']).toEqual(["'self'"]);
      expect(p['object-src']).toEqual(["'none'"]);
      expect(p['base-uri']).toEqual(["'self'"]);
      expect(p['frame-ancestors']).toEqual(["'self'"]);
      expect(p['form-action']).toEqual(["'self'"]);
      expect(p['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(p['img-src']).toContain("'self'");
      expect(p['img-src']).toContain('data:');
      expect(p['font-src']).toContain("'self'");
      // Every script in the page is our own file or a data block the browser never runs.
      const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
      expect(scripts.length).toBeGreaterThan(0);
      for (const attrs of scripts) {
        expect(attrs).toMatch(/\bsrc="\/|type="application\/(json|ld\+json)"/);
      }
    }
  });

  it('img-src allows our images and Shopify’s, not any web host (no tracking image through CSS)', async () => {
    expect(csp((await get('/')).headers['content-security-policy'])['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://cdn.shopify.com',
      'sdks.shopifycdn.com',
    ]);
    expect((await setShop('loja-img.myshopify.com')).statusCode).toBe(200);
    for (const url of ['/', '/admin']) {
      const img = csp((await get(url)).headers['content-security-policy'])['img-src'];
      expect(img).toContain('https://loja-img.myshopify.com');
      expect(img).not.toContain('https:');
      expect(img).not.toContain('http:');
    }
    await setShop('');
  });

  it('the server state travels as a non-executable JSON block', async () => {
    const res = await get('/');
    expect(res.body).toMatch(/<script id="__STATE__" type="application\/json">/);
  });

  it('connect-src names the shop’s Storefront API host as the settings say now', async () => {
    expect(csp((await get('/')).headers['content-security-policy'])['connect-src']).toEqual(["'self'"]);
    expect((await setShop('loja-teste.myshopify.com')).statusCode).toBe(200);
    expect(csp((await get('/')).headers['content-security-policy'])['connect-src']).toEqual(["'self'", 'https://loja-teste.myshopify.com']);
    expect(csp((await get('/admin')).headers['content-security-policy'])['connect-src']).toContain('https://loja-teste.myshopify.com');
    await setShop('outra.example.com');
    expect(csp((await get('/')).headers['content-security-policy'])['connect-src']).toEqual(["'self'", 'https://outra.example.com']);
    await setShop('');
  });

  it('falls back to the configured shop (SHOPIFY_DOMAIN) while the settings leave it empty', async () => {
    const local = await createTestApp({ SHOPIFY_DOMAIN: 'env-shop.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 'tok' });
    try {
      const p = csp((await local.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(p['connect-src']).toEqual(["'self'", 'https://env-shop.myshopify.com']);
    } finally {
      await local.close();
    }
  });

  it('JSON answers carry the fixed helmet headers but no page policy', async () => {
    const res = await get('/settings/get.php');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('HSTS', () => {
  it('is never sent over plain HTTP, nor on a forwarded header from an untrusted client', async () => {
    expect((await get('/')).headers['strict-transport-security']).toBeUndefined();
    const spoofed = await get('/', { 'x-forwarded-proto': 'https' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    expect(spoofed.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('is sent when a trusted TLS proxy says the request came over https', async () => {
    const local = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const tls = await local.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(tls.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      const api = await local.app.inject({ method: 'GET', url: '/settings/get.php', headers: { 'x-forwarded-proto': 'https' } });
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await local.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await local.close();
    }
  });
});

describe('no-store on admin and session answers', () => {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });

  it('legacy login, logout and me, successful or not', async () => {
    const responses = [
      await post('/auth/login.php', { username: 'admin', password: 'errada' }),
      await post('/auth/login.php', { username: '', password: '' }),
      await get('/auth/me.php'),
      await get('/auth/me.php', { cookie: admin }),
      await get('/auth/list_users.php'),
      await get('/auth/list_users.php', { cookie: admin }),
      await post('/auth/logout.php', {}),
    ];
    for (const res of responses) expect([res.statusCode, res.headers['cache-control']]).toEqual([res.statusCode, 'no-store']);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/auth/login.php',
      payload: { username: 'admin', password: 'senha-secreta-123' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('tRPC session and admin procedures, and the admin pages', async () => {
    for (const url of ['/trpc/auth.me', '/trpc/auth.listUsers', '/trpc/settings.admin', '/admin', '/admin/products']) {
      const res = await get(url, { cookie: admin });
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
    }
    const anonymous = await get('/trpc/auth.listUsers');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('any answer that sets a cookie', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/settings/update.php',
      headers: { cookie: admin },
      payload: { store_locked: 1, store_unlock_password: 'abre-te' },
    });
    try {
      const res = await post('/trpc/store.unlock', { password: 'abre-te' });
      expect(res.cookies.find((c) => c.name === 'store_unlocked')).toBeDefined();
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await t.app.inject({ method: 'POST', url: '/settings/update.php', headers: { cookie: admin }, payload: { store_locked: 0 } });
    }
  });
});
