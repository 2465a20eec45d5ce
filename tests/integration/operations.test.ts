import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { ensureInitialAdmin } from '../../src/auth/auth.service.ts';
import { DataDirInUseError, lockDataDir, lockDataDirWhenFree } from '../../src/db/data-dir-lock.ts';
import { createTestApp, openTestDatabase, silentLog, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('/healthz answers while the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('/readyz runs a real query', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 (and no error text) when the database query fails', async () => {
    const real = t.app.db.ping;
    t.app.db.ping = async () => {
      throw new Error('connection refused to 10.0.0.5');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false });
    } finally {
      t.app.db.ping = real;
    }
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: undefined, seedDemo: true, trustProxy: false });
    expect(c).toMatchObject({ shutdownDrainMs: 3000, shutdownGraceMs: 10_000 });
    expect(c.dataDir).toMatch(/data$/);
  });

  it('names the variable when a value is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'a b' })).toThrow(/ADMIN_USERNAME/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'dono', ADMIN_PASSWORD: '123' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '10000', SHUTDOWN_GRACE_MS: '5000' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('reads trusted proxies as a list, a hop count or a switch', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });
});

describe('first start', () => {
  it('creates `admin` with a random password printed once when no credentials are configured', async () => {
    const { db, dispose } = await openTestDatabase();
    try {
      const lines: string[] = [];
      await ensureInitialAdmin(db.fork(), {}, silentLog, (l) => lines.push(l));
      expect(lines.join('\n')).toMatch(/username: admin\s+password: \S{12,}/);
      await ensureInitialAdmin(db.fork(), {}, silentLog, (l) => lines.push(l));
      expect(lines).toHaveLength(1);
    } finally {
      await dispose();
    }
  });

  it('creates the configured admin, printing no password', async () => {
    const { db, dispose } = await openTestDatabase();
    try {
      const lines: string[] = [];
      await ensureInitialAdmin(db.fork(), { username: 'dona_ana', password: 'segredo-forte' }, silentLog, (l) => lines.push(l));
      expect(lines).toEqual([]);
      const rows = await db
        .fork()
        .getConnection()
        .execute<{ username: string; password_hash: string }[]>('select username, password_hash from admin_users');
      expect(rows).toHaveLength(1);
      expect(rows[0]?.username).toBe('dona_ana');
      expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    } finally {
      await dispose();
    }
  });
});

describe('PGlite data directory lock', () => {
  it('refuses a second process on the same data directory, and takes over a stale lock', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-lock-'));
    try {
      const release = lockDataDir(dir);
      // Another live process (pid 1) holding the lock:
      release();
      writeFileSync(join(dir, 'shop.lock'), '1');
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another running shop process/);
      // A lock left by a process that is gone:
      writeFileSync(join(dir, 'shop.lock'), '999999999');
      const again = lockDataDir(dir);
      again();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a start waits (bounded) for a process that still holds the directory, and takes it once that one stops', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-lock-'));
    const stopping = spawn('sleep', ['1']);
    const running = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dir, 'shop.lock'), String(stopping.pid));
      const said: string[] = [];
      const started = Date.now();
      const release = await lockDataDirWhenFree(dir, { waitMs: 10_000, onWait: (m) => said.push(m) });
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
      expect(said).toEqual([expect.stringMatching(/held by another shop process; waiting up to 10 s for it to stop/)]);
      release();

      writeFileSync(join(dir, 'shop.lock'), String(running.pid));
      const before = Date.now();
      await expect(lockDataDirWhenFree(dir, { waitMs: 600 })).rejects.toThrow(/in use by another running shop process/);
      expect(Date.now() - before).toBeGreaterThanOrEqual(600);
    } finally {
      stopping.kill();
      running.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
