import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../helpers/db-snapshot.ts';
import { ADMIN, createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const sessionCount = () => countRows(t.db, 'sessions');

describe('/auth/*.php', () => {
  it('me.php answers { authenticated: false, is_admin: false } to a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/me.php' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: false, is_admin: false });
  });

  it('login.php refuses wrong credentials with the spec text and sets no cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login.php',
      payload: { username: ADMIN.username, password: 'nope-nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Usuário ou senha incorretos' });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('login.php signs in with an HttpOnly, SameSite=Lax cookie and reports is_admin', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/login.php', payload: ADMIN });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, is_admin: true });
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    expect(sid?.path).toBe('/');
    const me = await t.app.inject({ method: 'GET', url: '/auth/me.php', headers: { cookie: `sid=${sid?.value}` } });
    expect(me.json()).toMatchObject({ authenticated: true, is_admin: true });
  });

  it('accepts a form-encoded login too (third parties post forms)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${ADMIN.username}&password=${ADMIN.password}`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('rotates the session id on login: the old session stops working', async () => {
    const first = await loginCookie(t.app);
    const again = await t.app.inject({ method: 'POST', url: '/auth/login.php', payload: ADMIN, headers: { cookie: first } });
    const second = again.cookies.find((c) => c.name === 'sid')?.value;
    expect(second).toBeTruthy();
    expect(`sid=${second}`).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: '/auth/me.php', headers: { cookie: first } });
    expect(old.json()).toEqual({ authenticated: false, is_admin: false });
  });

  it('logout.php deletes the session in the database and clears the cookie', async () => {
    const cookie = await loginCookie(t.app);
    const before = await sessionCount();
    const res = await t.app.inject({ method: 'POST', url: '/auth/logout.php', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(await sessionCount()).toBe(before - 1);
    const me = await t.app.inject({ method: 'GET', url: '/auth/me.php', headers: { cookie } });
    expect(me.json().authenticated).toBe(false);
  });

  it('stores only a hash of the session token', async () => {
    const cookie = await loginCookie(t.app);
    const token = cookie.slice('sid='.length);
    const rows = await t.db.fork().getConnection().execute<{ id: string }[]>('select id from sessions');
    expect(rows.map((r: { id: string }) => r.id.trim())).not.toContain(token);
  });

  it('ends sessions that sat idle too long or passed their lifetime', async () => {
    const cookie = await loginCookie(t.app);
    const conn = t.db.fork().getConnection();
    await conn.execute("update sessions set last_seen_at = now() - interval '13 hours'");
    expect((await t.app.inject({ method: 'GET', url: '/auth/me.php', headers: { cookie } })).json().authenticated).toBe(false);
    const cookie2 = await loginCookie(t.app);
    await conn.execute("update sessions set expires_at = now() - interval '1 second'");
    expect((await t.app.inject({ method: 'GET', url: '/auth/me.php', headers: { cookie: cookie2 } })).json().authenticated).toBe(false);
  });

  it('admin-only calls answer 401 { error } without a session', async () => {
    for (const [method, url] of [
      ['GET', '/auth/list_users.php'],
      ['POST', '/auth/create_user.php'],
      ['POST', '/auth/delete_user.php?id=1'],
      ['POST', '/auth/change_password.php'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toHaveProperty('error');
    }
  });

  it('creates, lists and deletes users; user errors answer the spec code in error, the text in message', async () => {
    const cookie = await loginCookie(t.app);
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } });

    const created = await post('/auth/create_user.php', { username: 'maria_loja', password: 'segredo1' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ ok: true, id: expect.any(Number) });

    const dup = await post('/auth/create_user.php', { username: 'MARIA_LOJA', password: 'segredo1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'username_exists', message: 'Username já existe' });

    const bad = await post('/auth/create_user.php', { username: 'maria loja!', password: 'segredo1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'invalid_username', message: 'Username inválido (use apenas letras, números e _)' });

    const short = await post('/auth/create_user.php', { username: 'joao', password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ error: 'Senha deve ter no mínimo 6 caracteres' });

    const missing = await post('/auth/create_user.php', { username: '', password: '' });
    expect(missing.json().error).toBe('Preencha todos os campos');

    const list = await t.app.inject({ method: 'GET', url: '/auth/list_users.php', headers: { cookie } });
    const users = list.json() as { id: number; username: string; is_admin: boolean; password_hash?: string }[];
    expect(users.map((u) => u.username)).toEqual(['admin', 'maria_loja']);
    expect(users.every((u) => u.is_admin && u.password_hash === undefined)).toBe(true);

    const self = users.find((u) => u.username === 'admin');
    const refused = await post(`/auth/delete_user.php?id=${self?.id}`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'cannot_delete_self', message: 'Você não pode deletar sua própria conta' });

    const other = users.find((u) => u.username === 'maria_loja');
    expect((await post(`/auth/delete_user.php?id=${other?.id}`, {})).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/auth/list_users.php', headers: { cookie } });
    expect(after.json()).toHaveLength(1);
  });

  it('changes the own password after checking the current one and ends other sessions', async () => {
    const cookie = await loginCookie(t.app);
    const other = await loginCookie(t.app);
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/auth/change_password.php', payload, headers: { cookie } });

    const wrong = await post({ current: 'errada-123', new: 'nova-senha-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'wrong_password', message: 'Senha atual incorreta' });
    expect((await post({ current: ADMIN.password, new: '123' })).json().error).toBe('Nova senha deve ter no mínimo 6 caracteres');

    expect((await post({ current: ADMIN.password, new: 'nova-senha-1' })).statusCode).toBe(200);
    const otherMe = await t.app.inject({ method: 'GET', url: '/auth/me.php', headers: { cookie: other } });
    expect(otherMe.json().authenticated).toBe(false);
    const sameMe = await t.app.inject({ method: 'GET', url: '/auth/me.php', headers: { cookie } });
    expect(sameMe.json().authenticated).toBe(true);
    await post({ current: 'nova-senha-1', new: ADMIN.password });
  });
});

describe('login rate limits', () => {
  it('locks an account for the guessing address after repeated failures, not for the owner elsewhere', async () => {
    const local = await createTestApp();
    try {
      const attempt = (password: string, remoteAddress = '203.0.113.9') =>
        local.app.inject({ method: 'POST', url: '/auth/login.php', payload: { username: ADMIN.username, password }, remoteAddress });
      for (let i = 0; i < 5; i++) expect((await attempt('wrong-pass')).statusCode).toBe(401);
      const blocked = await attempt(ADMIN.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      expect(blocked.json().error).toMatch(/tentativas/);
      expect((await attempt(ADMIN.password, '198.51.100.7')).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('limits attempts per client address', async () => {
    const local = await createTestApp();
    try {
      let last = 0;
      for (let i = 0; i < 21; i++) {
        last = (await local.app.inject({ method: 'POST', url: '/auth/login.php', payload: { username: `user${i}`, password: 'x' } }))
          .statusCode;
      }
      expect(last).toBe(429);
    } finally {
      await local.close();
    }
  });
});

describe('session sweeping', () => {
  it('purgeExpiredSessions deletes idle and expired sessions only', async () => {
    const { purgeExpiredSessions } = await import('../../src/auth/session.service.ts');
    const live = await loginCookie(t.app);
    await loginCookie(t.app);
    const conn = t.db.fork().getConnection();
    await conn.execute(
      "update sessions set last_seen_at = now() - interval '2 days' where id <> (select id from sessions order by created_at desc limit 1)",
    );
    const removed = await purgeExpiredSessions(t.db.fork(), t.config.session);
    expect(removed).toBeGreaterThan(0);
    expect(await sessionCount()).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/auth/me.php', headers: { cookie: live } })).json().authenticated).toBe(false);
  });
});
