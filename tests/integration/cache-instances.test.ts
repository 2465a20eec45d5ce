import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { ensureInitialAdmin } from '../../src/auth/auth.service.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/pg.ts';
import { ADMIN, loginCookie, silentLog } from '../helpers/test-app.ts';

/**
 * Two app instances on one PostgreSQL database, each with its own cache: a write on one is seen
 * by the other at once (LISTEN/NOTIFY), also after the listening connection was cut.
 */
describe.runIf(TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let url = '';
  let drop: () => Promise<void>;
  const dbs: Database[] = [];
  const apps: FastifyInstance[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-instances-'));
  let cookie = '';

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabase());
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    for (let i = 0; i < 2; i++) {
      const db = await openDatabase({ kind: 'postgresql', url });
      dbs.push(db);
      if (i === 0) await ensureInitialAdmin(db.fork(), ADMIN, silentLog, () => {});
      const app = await buildApp({ config, db });
      await app.ready();
      apps.push(app);
    }
    cookie = await loginCookie(apps[0] as FastifyInstance);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const app = (i: number) => apps[i] as FastifyInstance;
  const get = (i: number, u: string) => app(i).inject({ method: 'GET', url: u });
  /** Polls briefly (the notification crosses the database), bounded at 3 s. */
  async function eventually(i: number, u: string, text: string): Promise<boolean> {
    const until = Date.now() + 3000;
    while (Date.now() < until) {
      if ((await get(i, u)).body.includes(text)) return true;
      await new Promise((r) => setTimeout(r, 25));
    }
    return false;
  }

  it('a legacy write on one is seen by the other, whose page and read were cached', async () => {
    expect((await get(1, '/api/top_headers/list.php')).json()).toEqual([]);
    await get(1, '/');
    const generation = app(1).publicCache.generation;
    const res = await app(0).inject({
      method: 'POST',
      url: '/api/top_headers/create.php',
      headers: { cookie },
      payload: { text: 'Aviso da instância A' },
    });
    expect(res.statusCode).toBe(200);
    expect(await eventually(1, '/api/top_headers/list.php', 'Aviso da instância A')).toBe(true);
    expect((await get(1, '/')).body).toContain('Aviso da instância A');
    expect(app(1).publicCache.generation).toBeGreaterThan(generation);
  });

  it('a tRPC write on the other is seen by the first', async () => {
    await get(0, '/trpc/catalog.collections');
    const res = await app(1).inject({
      method: 'POST',
      url: '/trpc/collections.create',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { name: 'Coleção da instância B' },
    });
    expect(res.statusCode).toBe(200);
    expect(await eventually(0, '/trpc/catalog.collections', 'Coleção da instância B')).toBe(true);
  });

  it('the listening connection comes back after it is cut, and counts as a change', async () => {
    await get(1, '/api/top_headers/list.php');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const listeners = async () =>
        (await admin.query("select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'")).rows as {
          pid: number;
        }[];
      const before = await listeners();
      expect(before.length).toBe(2);
      const generation = app(1).publicCache.generation;
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike $1', [
        'listen %',
      ]);
      const until = Date.now() + 10_000;
      while (Date.now() < until && (await listeners()).filter((l) => !before.some((b) => b.pid === l.pid)).length < 2) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await listeners()).filter((l) => !before.some((b) => b.pid === l.pid)).length).toBe(2);
      expect(app(1).publicCache.generation).toBeGreaterThan(generation);
    } finally {
      await admin.end();
    }
    await app(0).inject({ method: 'POST', url: '/api/top_headers/create.php', headers: { cookie }, payload: { text: 'Depois da queda' } });
    expect(await eventually(1, '/api/top_headers/list.php', 'Depois da queda')).toBe(true);
  });
});
