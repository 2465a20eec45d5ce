import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { ensureInitialAdmin } from '../../src/auth/auth.service.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/pg.ts';
import { ADMIN, openTestDatabase, silentLog } from '../helpers/test-app.ts';

/**
 * Row 1 of the hardening issue: login protection that slows attackers without locking the owner
 * out, with its state in the database (shared by instances, kept across restarts).
 */

type Handles = { dbs: Database[]; dispose: () => Promise<void> };

/** One database; on PostgreSQL two separate connections pools to it (two instances), on PGlite one handle. */
async function sharedDatabase(): Promise<Handles> {
  if (TEST_DATABASE_URL) {
    const pg = await createTestDatabase();
    const a = await openDatabase({ kind: 'postgresql', url: pg.url });
    const b = await openDatabase({ kind: 'postgresql', url: pg.url });
    return {
      dbs: [a, b],
      dispose: async () => {
        await a.close();
        await b.close();
        await pg.drop();
      },
    };
  }
  const { db, dispose } = await openTestDatabase();
  return { dbs: [db, db], dispose };
}

const dataDir = mkdtempSync(join(tmpdir(), 'shop-throttle-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false' });

async function instance(db: Database): Promise<FastifyInstance> {
  const app = await buildApp({ config, db });
  await app.ready();
  return app;
}

let h: Handles;
beforeAll(async () => {
  h = await sharedDatabase();
  await ensureInitialAdmin(h.dbs[0]!.fork(), ADMIN, silentLog, () => {});
});
afterAll(async () => {
  await h.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every test starts with no counters. */
async function clearCounters(): Promise<void> {
  await h.dbs[0]!.fork().getConnection().execute('delete from auth_throttle');
}

const login = (app: FastifyInstance, password: string, remoteAddress: string, username = ADMIN.username) =>
  app.inject({ method: 'POST', url: '/auth/login.php', payload: { username, password }, remoteAddress });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('login protection', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await instance(h.dbs[0]!);
  });
  afterAll(async () => {
    await app.close();
  });

  it('100 failures for the owner spread over 20 addresses never refuse the right password from a new address', async () => {
    await clearCounters();
    // The reproduction: five wrong passwords from each of 20 addresses.
    const answers: number[] = [];
    for (let a = 1; a <= 20; a++) {
      for (let i = 0; i < 5; i++) answers.push((await login(app, 'errada', `127.0.4.${a}`)).statusCode);
    }
    expect(new Set(answers)).toEqual(new Set([401, 429]));
    // Once the account is under attack, each address gets its first guess checked, then waits.
    const checked = answers.filter((c) => c === 401).length;
    expect(checked).toBeGreaterThanOrEqual(20);
    expect(checked).toBeLessThan(40);
    // The guessing addresses are slowed down…
    const again = await login(app, 'errada', '127.0.4.7');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // …and so is any address that joins the attack once (the account is under attack).
    expect((await login(app, 'errada', '127.0.4.21')).statusCode).toBe(401);
    expect((await login(app, 'errada', '127.0.4.21')).statusCode).toBe(429);
    // The owner, from an address that has not failed, signs in at once.
    const owner = await login(app, ADMIN.password, '198.51.100.50');
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.find((c) => c.name === 'sid')).toBeDefined();
  });

  it('failures from the owner’s own address (office NAT) back off for seconds, then the right password works', async () => {
    await clearCounters();
    const nat = '203.0.113.77';
    for (let i = 0; i < 5; i++) expect((await login(app, 'errada', nat)).statusCode).toBe(401);
    const during = await login(app, ADMIN.password, nat);
    expect(during.statusCode).toBe(429);
    expect(during.json().error).toMatch(/tentativas/);
    const wait = Number(during.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2);
    await sleep(wait * 1000 + 100);
    expect((await login(app, ADMIN.password, nat)).statusCode).toBe(200);
    // The correct password cleared the pair: the next typo is answered normally.
    expect((await login(app, 'errada', nat)).statusCode).toBe(401);
    expect((await login(app, ADMIN.password, nat)).statusCode).toBe(200);
  });

  it('backoff grows with each further failure and is capped at 15 minutes', async () => {
    await clearCounters();
    const { recordFailure } = await import('../../src/auth/throttle-store.ts');
    const { LOGIN_BACKOFF } = await import('../../src/auth/login-throttle.ts');
    const em = h.dbs[0]!.fork();
    const key = { kind: 'test', key: 'x' };
    const waits: number[] = [];
    for (let i = 0; i < 20; i++) waits.push((await recordFailure(em, key, LOGIN_BACKOFF.accountAddress)).waitSeconds);
    expect(waits.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(waits.slice(4, 8)).toEqual([2, 4, 8, 16]);
    expect(Math.max(...waits)).toBe(900);
  });

  it('successful logins never count toward any limit', async () => {
    await clearCounters();
    for (let i = 0; i < 30; i++) expect((await login(app, ADMIN.password, '192.0.2.30')).statusCode).toBe(200);
    const rows = await h.dbs[0]!.fork().getConnection().execute("select kind from auth_throttle where kind <> 'rate'");
    expect(rows).toEqual([]);
    // Failures after all those successes start from zero.
    for (let i = 0; i < 4; i++) expect((await login(app, 'errada', '192.0.2.30')).statusCode).toBe(401);
    expect((await login(app, ADMIN.password, '192.0.2.30')).statusCode).toBe(200);
  });

  it('one address spraying many accounts is slowed down, for every account', async () => {
    await clearCounters();
    for (let i = 0; i < 20; i++) expect((await login(app, 'x', '192.0.2.99', `conta${i}`)).statusCode).toBe(401);
    const refused = await login(app, 'x', '192.0.2.99', 'outra');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Other addresses are not affected.
    expect((await login(app, ADMIN.password, '192.0.2.100')).statusCode).toBe(200);
  });

  it('the tRPC login shares the same protection', async () => {
    await clearCounters();
    const trpc = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        headers: { 'content-type': 'application/json' },
        payload: { username: ADMIN.username, password },
        remoteAddress: '192.0.2.55',
      });
    for (let i = 0; i < 3; i++) expect((await trpc('errada')).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(app, 'errada', '192.0.2.55')).statusCode).toBe(401);
    const refused = await trpc(ADMIN.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('plain request rate per address: more than 60 password requests a minute answer 429 (shared store)', async () => {
    await clearCounters();
    const unlock = () =>
      app.inject({
        method: 'POST',
        url: '/trpc/store.unlock',
        headers: { 'content-type': 'application/json' },
        payload: { password: 'qualquer' },
        remoteAddress: '192.0.2.61',
      });
    // The store is open: nothing to unlock, so only the request rate can refuse.
    for (let i = 0; i < 60; i++) expect((await unlock()).statusCode).toBe(200);
    const refused = await unlock();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await h.dbs[0]!.fork().getConnection().execute("select count from auth_throttle where kind = 'rate'");
    expect(row.count).toBe(61);
  });
});

describe('the counters live in the database', () => {
  it('survive a restart and are shared by two instances on one database', async () => {
    await clearCounters();
    const first = await instance(h.dbs[0]!);
    const second = await instance(h.dbs[1]!);
    const address = '203.0.113.5';
    try {
      // Failures alternate between the two instances and add up.
      for (let i = 0; i < 5; i++) expect((await login(i % 2 ? second : first, 'errada', address)).statusCode).toBe(401);
      expect((await login(first, ADMIN.password, address)).statusCode).toBe(429);
      expect((await login(second, ADMIN.password, address)).statusCode).toBe(429);
    } finally {
      await first.close();
    }
    // A restart (a new app on the same database) keeps the backoff.
    const restarted = await instance(h.dbs[0]!);
    try {
      expect((await login(restarted, ADMIN.password, address)).statusCode).toBe(429);
      expect((await login(second, ADMIN.password, '198.51.100.9')).statusCode).toBe(200);
    } finally {
      await restarted.close();
      await second.close();
    }
  });

  it('wrong passwords sent all at once meet the same backoff as one after another', async () => {
    await clearCounters();
    const address = '192.0.2.77';
    // Two instances on the same database (one handle on PGlite).
    const apps = [await instance(h.dbs[0]!), await instance(h.dbs[1]!)];
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(apps[i % 2]!, `errada-${i}`, address))).finally(() =>
      Promise.all(apps.map((a) => a.close())),
    );
    const codes = answers.map((a) => a.statusCode);
    // Only the attempts before the pair's threshold reach the password check.
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
    // Refused attempts were not counted: the pair holds exactly the five guesses.
    const [pair] = await h.dbs[0]!.fork().getConnection().execute("select count from auth_throttle where kind = 'login:account-address'");
    expect(pair.count).toBe(5);
  });

  it('unlock guesses sent all at once are bounded the same way', async () => {
    await clearCounters();
    const { UNLOCK_BACKOFF, unlockAttempt } = await import('../../src/auth/login-throttle.ts');
    const waits = await Promise.all(Array.from({ length: 30 }, () => unlockAttempt(h.dbs[0]!.fork(), '192.0.2.78')));
    expect(waits.filter((w) => w === 0)).toHaveLength(UNLOCK_BACKOFF.address.threshold);
  });

  it('counters far past the threshold keep backing off (no overflow in the backoff arithmetic)', async () => {
    await clearCounters();
    const { recordFailure, takeAttempt } = await import('../../src/auth/throttle-store.ts');
    const { LOGIN_BACKOFF } = await import('../../src/auth/login-throttle.ts');
    const em = h.dbs[0]!.fork();
    const key = { kind: 'login:account', key: 'owner' };
    await recordFailure(em, key, LOGIN_BACKOFF.account);
    await em.getConnection().execute("update auth_throttle set count = 5000, blocked_until = null where key = 'owner'");
    expect((await recordFailure(em, key, LOGIN_BACKOFF.account)).waitSeconds).toBe(900);
    await em.getConnection().execute("update auth_throttle set blocked_until = null where key = 'owner'");
    expect((await takeAttempt(em, key, LOGIN_BACKOFF.account)).refused).toBe(false);
    expect((await takeAttempt(em, key, LOGIN_BACKOFF.account)).waitSeconds).toBe(900);
  });

  it('concurrent failures are all counted (atomic upserts)', async () => {
    await clearCounters();
    const { recordFailure } = await import('../../src/auth/throttle-store.ts');
    const policy = { threshold: 1000, baseMs: 1000, capMs: 1000 };
    const key = { kind: 'test', key: 'race' };
    await Promise.all(Array.from({ length: 25 }, (_, i) => recordFailure(h.dbs[i % 2]!.fork(), key, policy)));
    const [row] = await h.dbs[0]!.fork().getConnection().execute("select count from auth_throttle where kind = 'test'");
    expect(row.count).toBe(25);
  });

  it('the sweeper removes forgotten counters and keeps live ones', async () => {
    await clearCounters();
    const { recordFailure, sweepThrottle } = await import('../../src/auth/throttle-store.ts');
    const em = h.dbs[0]!.fork();
    const policy = { threshold: 1, baseMs: 60_000, capMs: 60_000 };
    await recordFailure(em, { kind: 'test', key: 'old' }, policy);
    await recordFailure(em, { kind: 'test', key: 'live' }, policy);
    await em
      .getConnection()
      .execute(
        "update auth_throttle set updated_at = now() - interval '2 days', blocked_until = now() - interval '1 day' where key = 'old'",
      );
    expect(await sweepThrottle(em)).toBe(1);
    const rows = await em.getConnection().execute('select key from auth_throttle order by key');
    expect(rows.map((r: { key: string }) => r.key)).toEqual(['live']);
  });
});
