import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from '../../server/trpc/router.ts';
import { ADMIN_USER, contextFor } from '../helpers/context.ts';
import { ADMIN, createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const json = { 'content-type': 'application/json' };

describe('tRPC over HTTP', () => {
  it('auth.login sets the session cookie; auth.me then reports the admin', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/trpc/auth.login', headers: json, payload: ADMIN });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toMatchObject({ authenticated: true, is_admin: true });
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie: `sid=${sid?.value}` } });
    expect(me.json().result.data).toMatchObject({ authenticated: true, is_admin: true, username: 'admin' });
  });

  it('a wrong password answers 401 with the spec text', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/trpc/auth.login', headers: json, payload: { ...ADMIN, password: 'x' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Usuário ou senha incorretos');
  });

  it('admin procedures answer 401 to a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/dashboard.counts' });
    expect(res.statusCode).toBe(401);
  });

  it('user errors carry the spec code in data.appCode', async () => {
    const cookie = await loginCookie(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.createUser',
      headers: { ...json, cookie },
      payload: { username: 'admin', password: 'segredo1' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ message: 'Username já existe', data: { appCode: 'username_exists' } });
  });

  it('never sends a stack trace or internal error text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/catalog.product?input=%7B%22id%22%3A%22abc%22%7D' });
    expect(res.statusCode).toBe(400);
    const body = JSON.stringify(res.json());
    expect(body).not.toMatch(/stack|at .*\.ts/);
  });

  it('refuses batches over the size limit', async () => {
    const paths = Array.from({ length: 12 }, () => 'auth.me').join(',');
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i, {}]))));
    const res = await t.app.inject({ method: 'GET', url: `/trpc/${paths}?batch=1&input=${input}` });
    expect(res.statusCode).toBe(400);
  });
});

describe('tRPC through createCaller (no HTTP)', () => {
  it('calls the same services with the same context', async () => {
    const ctx = contextFor(t.db, ADMIN_USER);
    const caller = createCaller({ app: ctx, http: null });
    expect(await caller.dashboard.counts()).toEqual({ products: 0, collections: 0, banners: 0, reviews: 0 });
    const users = await caller.auth.listUsers();
    expect(users.map((u) => u.username)).toEqual(['admin']);
    await expect(createCaller({ app: { ...ctx, user: null }, http: null }).auth.listUsers()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});
