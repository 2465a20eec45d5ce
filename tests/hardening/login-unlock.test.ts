import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNLOCK_BACKOFF, unlockFailed } from '../../src/auth/login-throttle.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

/** Row 12 (unlock part): the store unlock password has a limit for every address together, not only per address. */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginCookie(t.app);
  const locked = await t.app.inject({
    method: 'POST',
    url: '/settings/update.php',
    headers: { cookie: admin },
    payload: { store_locked: 1, store_unlock_password: 'abre-te' },
  });
  expect(locked.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const unlock = (password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/trpc/store.unlock',
    headers: { 'content-type': 'application/json' },
    payload: { password },
    remoteAddress,
  });

describe('store unlock limits', () => {
  it('one address backs off after 10 wrong passwords; the right one from elsewhere still opens', async () => {
    for (let i = 0; i < 10; i++) expect((await unlock('chute', '192.0.2.10')).statusCode).toBe(401);
    const refused = await unlock('abre-te', '192.0.2.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await unlock('abre-te', '192.0.2.11')).statusCode).toBe(200);
  });

  it('wrong passwords from many addresses together close the unlock for everyone, but never the admin out', async () => {
    await t.db.fork().getConnection().execute('delete from auth_throttle');
    // A botnet: one guess from each of (threshold − 1) addresses, the last one over HTTP.
    const em = t.db.fork();
    for (let i = 0; i < UNLOCK_BACKOFF.global.threshold - 1; i++) await unlockFailed(em, `10.20.${i >> 8}.${i & 255}`);
    expect((await unlock('chute', '198.51.100.1')).statusCode).toBe(401);

    // Now a fresh address, even with the right password, waits.
    const refused = await unlock('abre-te', '198.51.100.2');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.cookies.find((c) => c.name === 'store_unlocked')).toBeUndefined();

    // The owner needs no unlock password: signed in, the store is open to them.
    const home = await t.app.inject({ method: 'GET', url: '/trpc/catalog.home', headers: { cookie: admin } });
    expect(home.statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/trpc/catalog.home' });
    expect(anonymous.statusCode).toBe(403);
  });
});
