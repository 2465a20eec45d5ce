import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', cookie }, payload: payload ?? {} });

describe('the last admin', () => {
  it('two admins deleting each other at the same moment leave one admin who can still sign in', async () => {
    const owner = await loginCookie(t.app);
    const second = { username: 'socia', password: 'senha-da-socia' };
    const created = await post('/auth/create_user.php', owner, second);
    expect(created.statusCode).toBe(200);
    const secondCookie = await loginCookie(t.app, second);
    const users = (await t.app.inject({ method: 'GET', url: '/auth/list_users.php', headers: { cookie: owner } })).json() as {
      id: number;
      username: string;
    }[];
    const ownerId = users.find((u) => u.username === ADMIN.username)?.id;
    const secondId = users.find((u) => u.username === second.username)?.id;

    const [a, b] = await Promise.all([
      post(`/auth/delete_user.php?id=${secondId}`, owner),
      post(`/auth/delete_user.php?id=${ownerId}`, secondCookie),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    // One delete wins; the other is refused (the last admin), or its session vanished with its account.
    expect(codes[0]).toBe(200);
    expect(codes[1]).toBeGreaterThanOrEqual(400);
    const left = await t.db.fork().getConnection().execute('select count(*)::int as n from admin_users');
    expect(left[0].n).toBe(1);
  });
});

describe('the last admin, at the service', () => {
  it('two deletes that both passed their session check never remove every admin', async () => {
    const { createUser, deleteUser } = await import('../../src/auth/auth.service.ts');
    const { contextFor } = await import('../helpers/context.ts');
    const conn = () => t.db.fork().getConnection();
    const [{ n }] = await conn().execute('select count(*)::int as n from admin_users');
    expect(n).toBe(1);
    const [{ id: firstId }] = await conn().execute('select id from admin_users');
    const otherId = await createUser(contextFor(t.db, { id: firstId, username: 'x', isAdmin: true }), {
      username: 'quarta',
      password: 'senha-quarta',
    });
    const a = contextFor(t.db, { id: firstId, username: 'a', isAdmin: true });
    const b = contextFor(t.db, { id: otherId, username: 'quarta', isAdmin: true });
    const results = await Promise.allSettled([deleteUser(a, otherId), deleteUser(b, firstId)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.message).toBe('Não é possível deletar o último administrador');
    const [{ n: left }] = await conn().execute('select count(*)::int as n from admin_users');
    expect(left).toBe(1);
  });
});
