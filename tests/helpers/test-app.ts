import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../server/app.ts';
import { type AppConfig, loadConfig, uploadsDirOf } from '../../server/config.ts';
import { ensureInitialAdmin } from '../../src/auth/auth.service.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { seedDemo } from '../../src/demo/seed.ts';
import { variantsIdle } from '../../src/media/backfill.ts';
import { createTestDatabase, TEST_DATABASE_URL } from './pg.ts';
import { ensurePgliteTemplate } from './template.ts';

export type TestApp = { app: FastifyInstance; db: Database; config: AppConfig; close: () => Promise<void> };

/**
 * A database of its own for one test file: in-memory PGlite from the migrated snapshot, or, when
 * TEST_DATABASE_URL is set, a fresh PostgreSQL database copied from the migrated template.
 */
export async function openTestDatabase(): Promise<{ db: Database; dispose: () => Promise<void> }> {
  if (TEST_DATABASE_URL) {
    const pg = await createTestDatabase();
    const db = await openDatabase({ kind: 'postgresql', url: pg.url });
    return {
      db,
      dispose: async () => {
        await db.close();
        await pg.drop();
      },
    };
  }
  const file = await ensurePgliteTemplate();
  const db = await openDatabase({ kind: 'memory', loadDataDir: new Blob([readFileSync(file)]) });
  return { db, dispose: () => db.close() };
}

export const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

export const ADMIN = { username: 'admin', password: 'senha-secreta-123' };

/** The real app over a test database, with one admin (ADMIN) and no demo content. */
export async function createTestApp(env: Record<string, string> = {}, build: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', ...env });
  const { db, dispose } = await openTestDatabase();
  await ensureInitialAdmin(db.fork(), ADMIN, silentLog, () => {});
  // The public cache keeps every build from its first ask here, as it did before admission: a test
  // that reads, writes and reads again then proves the write dropped what was cached. What the
  // shop keeps (a key's second ask, server/public-cache/admission.ts) has its own tests
  // (cache-admission.test.ts, cache-store.test.ts); the browser tests run the shop as it is.
  const cacheLimits = { keepFirstAsk: true, ...build.cacheLimits };
  const app = await buildApp({ ...build, cacheLimits, config, db }).catch(async (e) => {
    await dispose();
    throw e;
  });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      // Every test has its answers: a client that stopped sending a refused upload's body must not
      // hold the listener open (Node would wait for its requestTimeout).
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await dispose();
      await variantsIdle();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the legacy endpoint and returns the Cookie header to send. */
export async function loginCookie(app: FastifyInstance, creds = ADMIN): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/auth/login.php', payload: creds });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const sid = res.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error('no session cookie');
  return `sid=${sid.value}`;
}

/** The real app with the demo shop's content (its images without their variants), as the storefront tests read it. */
export async function createDemoTestApp(env: Record<string, string> = {}, build: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const t = await createTestApp(env, build);
  await seedDemo(t.db.fork(), uploadsDirOf(t.config), { variants: false });
  return t;
}
