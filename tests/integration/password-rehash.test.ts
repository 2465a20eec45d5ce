import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, isOutdatedHash, verifyPassword } from '../../src/auth/password.ts';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const TODAY = /^\$argon2id\$v=19\$m=7168,p=1,t=5\$/;
/** How the shop hashed passwords until 2026-11-29 (OWASP's 19 MiB, two passes). */
const older = (plain: string) => argon2.hash(plain, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });

const storedHash = async () => {
  const rows = await t.db
    .fork()
    .getConnection()
    .execute<{ password_hash: string }[]>('select password_hash from admin_users where username = ?', [ADMIN.username]);
  return rows[0]?.password_hash ?? '';
};
const setHash = (hash: string) =>
  t.db.fork().getConnection().execute('update admin_users set password_hash = ? where username = ?', [hash, ADMIN.username]);
const login = (password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login.php', payload: { username: ADMIN.username, password } });

describe('password hashes follow the current parameters', () => {
  it('hashes with argon2id at 7 MiB and five passes, and tells older hashes apart', async () => {
    const hash = await hashPassword('uma-senha-qualquer');
    expect(hash).toMatch(TODAY);
    expect(isOutdatedHash(hash)).toBe(false);
    expect(isOutdatedHash(await older('uma-senha-qualquer'))).toBe(true);
    expect(isOutdatedHash('not a hash')).toBe(true);
  });

  it('signs in with a hash made by the older parameters and rewrites it, once the password is right', async () => {
    const old = await older(ADMIN.password);
    await setHash(old);

    expect((await login('senha-errada')).statusCode).toBe(401);
    expect(await storedHash()).toBe(old);

    expect((await login(ADMIN.password)).statusCode).toBe(200);
    const now = await storedHash();
    expect(now).toMatch(TODAY);
    expect(now).not.toBe(old);
    expect(await argon2.verify(now, ADMIN.password)).toBe(true);

    // Signing in again keeps the rewritten hash as it is.
    expect((await login(ADMIN.password)).statusCode).toBe(200);
    expect(await storedHash()).toBe(now);
  });

  it('checks an unknown name against a dummy hash as costly as the older hash still stored', async () => {
    const old = await older('outra-senha');
    expect(await dummyHash(old)).toMatch(/^\$argon2id\$v=19\$m=19456,(t=2,p=1|p=1,t=2)\$/);
    expect(await dummyHash(null)).toMatch(TODAY);
    expect(await dummyHash('$argon2id$v=19$m=99999999,t=2,p=1$x$y')).toMatch(TODAY);
    expect(await verifyPassword(null, 'outra-senha', old)).toBe(false);
    expect((await login('senha-errada')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/login.php', payload: { username: 'ninguem', password: 'x' } })).statusCode,
    ).toBe(401);
  });
});
