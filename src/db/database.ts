import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { type EntityManager, MikroORM, type Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { MIGRATIONS } from '../../migrations/index.ts';
import { lockDataDirWhenFree } from './data-dir-lock.ts';
import { type MaintenanceSql, maintainTables, serverRunsAutovacuum, type TableDone } from './embedded-maintenance.ts';
import { ENTITIES } from './entities.ts';
import { unpackInitialCluster } from './pglite-initial-cluster.ts';
import { trimArrayParsers } from './pglite-parsers.ts';
import { DEFAULT_POOL, guardPool, type PoolOptions, type PoolWatch } from './pool-guard.ts';
import { registerPool } from './prepared-statements.ts';

/** Where the data lives: a PostgreSQL server, PGlite on disk, or PGlite in memory (tests). */
export type DatabaseTarget =
  | { kind: 'postgresql'; url: string; schema?: string; pool?: PoolOptions }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'memory'; loadDataDir?: Blob };

/** The shop's database handle: everything outside src/ talks to the ORM through this. */
export type Database = {
  kind: DatabaseTarget['kind'];
  fork(): EntityManager;
  ping(): Promise<void>;
  /**
   * How long (ms) the connection pool has served nobody while requests waited for a connection:
   * 0 while it works, also while the database is down or slow (connections still fail or come
   * back). Liveness (server/health.ts) fails when this grows. Always 0 on PGlite (no pool).
   */
  stalledMs(): number;
  migrate(): Promise<string[]>;
  /** PGlite only: the data directory as a tar.gz (used to cache a migrated template for tests). */
  dump(): Promise<Blob>;
  /**
   * Vacuums and analyzes the tables that need it (embedded-maintenance.ts); what it did, table by
   * table. On PostgreSQL only when the server runs no autovacuum (asked at every pass): otherwise
   * nothing, the server does it.
   */
  maintain(signal?: AbortSignal): Promise<TableDone[]>;
  close(): Promise<void>;
  /** Where the change triggers' notifications are heard (every committed write to a public table, whoever made it). */
  changes: ChangeSource;
};

/**
 * The notifications the change triggers send (migrations/Migration20261125150000_change_triggers.ts)
 * on `channel`, after commit: on a PostgreSQL server, heard on a connection of one's own (`url`,
 * LISTEN) and sent through the pool (`notify`); on PGlite, in this process (`listen`), delivered
 * before the committing statement returns.
 */
export type ChangeSource =
  | { kind: 'server'; channel: string; url: string; notify(payload: string): Promise<void> }
  | { kind: 'embedded'; channel: string; listen(onPayload: (payload: string) => void): Promise<() => Promise<void>> };

/** The channel the triggers notify: `shop_changes`, or `shop_changes_<schema>` outside the public schema (as the trigger function names it). */
export const changeChannel = (schema?: string) =>
  !schema || schema === 'public' ? 'shop_changes' : `shop_changes_${schema.replace(/\W/g, '_').toLowerCase()}`.slice(0, 63);

/**
 * PGlite runs PostgreSQL inside the server process, so its memory is the server's: PostgreSQL's
 * default 128 MB of shared buffers grew PGlite's WebAssembly memory to 189 MB, 154 MB of it
 * resident after the demo catalogue's first start. The shop's data is a few MB (the search
 * benchmark's 100,000 products well under 100 MB) and the operating system caches the data files
 * anyway: 16 MB of buffers keep PGlite within its initial 128 MB of WebAssembly memory. 8 MB
 * (2026-11-27, 20,000 products, the server's flags): resident memory 11–16 MB lower through pages
 * never asked before and whole-catalogue reads (peak 299 against 310 MB), with the CPU of a product
 * or collection page miss and the search figures at 100,000 products the same within the run's
 * noise (a page not in the buffers is read from the operating system's file cache). 12 MB since
 * 2026-11-30, once the catalogue had photos (three a product, 43 MB of data): collection pages of
 * every collection, sort and page in turn, PGlite's CPU per page 1.11-1.31 ms at 8 MB against
 * 0.97-1.03 at 12 and 16 (a page not in the buffers is copied in through the file system layer);
 * 24 and 32 MB measured as 16. At 16 MB the bench's whole-catalogue row reached 303 MB (≤ 300).
 * Command-line settings: they win over the data directory's postgresql.conf without rewriting it.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=12MB'];

/**
 * PGlite's PostgreSQL is WebAssembly: V8 runs it with its baseline compiler and recompiles each
 * function with its optimizing one once it has run a while (its tiering budget). At the default
 * budget, opening the database alone tiered up so much of PostgreSQL that the optimizing
 * compiler's work took the process to 630 MB for a moment and left 85 MB behind (1,070 MB at a
 * first start, with initdb). Eight times the budget keeps that for the functions that stay hot
 * (queries): 160 MB at the peak. Set once, before the first WebAssembly module is compiled.
 */
let pgliteCompilerSet = false;
function setPgliteCompiler(): void {
  if (pgliteCompilerSet) return;
  pgliteCompilerSet = true;
  setFlagsFromString('--wasm-tiering-budget=100000000');
}

/** The embedded database's cluster under the data directory: the folder itself is the database. */
const pgliteClusterDir = (dataDir: string) => join(dataDir, 'pglite');

function optionsFor(target: DatabaseTarget, onPool: (pool: pg.Pool) => void): Partial<Options> {
  const common: Partial<Options> = {
    entities: ENTITIES,
    extensions: [Migrator],
    discovery: { checkDuplicateTableNames: true },
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    ensureDatabase: false,
    debug: false,
  };
  if (target.kind === 'postgresql') {
    const pool = target.pool ?? DEFAULT_POOL;
    return {
      ...common,
      driver: PostgreSqlDriver,
      clientUrl: target.url,
      ...(target.schema ? { schema: target.schema } : {}),
      // pg's pool drops a connection the server closed (terminated backend, restart, failover) and
      // opens a new one on the next query; src/db/pool-guard.ts makes sure a connection lost in the
      // middle of a transaction's BEGIN/COMMIT/ROLLBACK is given back too, so the shop recovers by
      // itself. `connectionTimeoutMillis` bounds both opening a connection and waiting for a free
      // one: past it the request answers 503 (server/plugins/db-unavailable.ts) instead of hanging.
      pool: { min: 0, max: pool.max },
      driverOptions: { connectionTimeoutMillis: pool.acquireTimeoutMs, keepAlive: true, onPoolCreated: onPool },
    } as Partial<Options>;
  }
  setPgliteCompiler();
  if (target.kind === 'pglite') {
    const dir = pgliteClusterDir(target.dataDir);
    mkdirSync(target.dataDir, { recursive: true });
    return { ...common, driver: PgliteDriver, dbName: dir, driverOptions: { startParams: PGLITE_START_PARAMS } } as Partial<Options>;
  }
  const blob = target.loadDataDir;
  return {
    ...common,
    driver: PgliteDriver,
    dbName: 'memory://',
    // A Blob does not survive the config's deep clone, so it is handed over through a function.
    driverOptions: () => ({ startParams: PGLITE_START_PARAMS, ...(blob ? { loadDataDir: blob } : {}) }),
  } as Partial<Options>;
}

/**
 * `info` hears that the start waits for a previous process to release the PGlite data directory
 * (at most `lockWaitMs`, 15 s by default); `warn`, that a first start could not use the build's
 * empty cluster and PGlite runs its own initdb instead.
 */
export async function openDatabase(
  target: DatabaseTarget,
  opts: { info?: (msg: string) => void; warn?: (msg: string) => void; lockWaitMs?: number } = {},
): Promise<Database> {
  const release =
    target.kind === 'pglite' ? await lockDataDirWhenFree(target.dataDir, { waitMs: opts.lockWaitMs, onWait: opts.info }) : () => {};
  let orm: MikroORM | undefined;
  let watch: PoolWatch | null = null;
  const nativeOf = (o: MikroORM) => (o.em.getConnection() as unknown as { getNativeClient(): Promise<PGlite> }).getNativeClient();
  try {
    // A first start unpacks the cluster the build made instead of running initdb (pglite-initial-cluster.ts).
    if (target.kind === 'pglite') await unpackInitialCluster(pgliteClusterDir(target.dataDir), undefined, opts.warn);
    let pool: pg.Pool | undefined;
    orm = await MikroORM.init(
      optionsFor(target, (created) => {
        pool = created;
        watch = guardPool(created);
      }),
    );
    if (target.kind === 'postgresql') registerPool(orm.em, () => pool);
    if (target.kind !== 'postgresql') await trimArrayParsers(await nativeOf(orm));
  } catch (e) {
    await orm?.close(true).catch(() => {});
    release();
    throw e;
  }
  const native = () => nativeOf(orm);
  const channel = changeChannel(target.kind === 'postgresql' ? target.schema : undefined);
  const changes: ChangeSource =
    target.kind === 'postgresql'
      ? {
          kind: 'server',
          channel,
          url: target.url,
          notify: async (payload) => void (await orm.em.getConnection('write').execute('select pg_notify(?, ?)', [channel, payload])),
        }
      : { kind: 'embedded', channel, listen: async (onPayload) => (await native()).listen(channel, onPayload) };
  // How a maintenance pass reaches the tables: the pool on a server, PGlite itself when embedded (embedded-maintenance.ts).
  const maintenanceSql: MaintenanceSql =
    target.kind === 'postgresql'
      ? {
          query: <T>(text: string) => orm.em.fork().getConnection().execute<T[]>(text),
          exec: async (text) => void (await orm.em.fork().getConnection().execute(text)),
        }
      : {
          query: async <T>(text: string) => (await (await native()).query<T>(text)).rows,
          exec: async (text) => void (await (await native()).exec(text)),
        };
  let maintained = false;
  return {
    kind: target.kind,
    changes,
    fork: () => orm.em.fork(),
    stalledMs: () => watch?.stalledMs() ?? 0,
    async ping() {
      await orm.em.fork().getConnection().execute('select 1');
    },
    async migrate() {
      const done = await orm.migrator.up();
      return done.map((m) => m.name);
    },
    async dump() {
      return (await native()).dumpDataDir('gzip');
    },
    async maintain(signal) {
      if (target.kind === 'postgresql' && (await serverRunsAutovacuum(maintenanceSql))) return [];
      const done = await maintainTables(maintenanceSql, !maintained, signal);
      maintained = true;
      return done;
    },
    async close() {
      try {
        await orm.close(true);
      } finally {
        release();
      }
    },
  };
}
