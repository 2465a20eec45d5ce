import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type EntityManager, MikroORM, type Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { MIGRATIONS } from '../../migrations/index.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { ENTITIES } from './entities.ts';

/** Where the data lives: a PostgreSQL server, PGlite on disk, or PGlite in memory (tests). */
export type DatabaseTarget =
  | { kind: 'postgresql'; url: string; schema?: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'memory'; loadDataDir?: Blob };

/** The shop's database handle: everything outside src/ talks to the ORM through this. */
export type Database = {
  kind: DatabaseTarget['kind'];
  fork(): EntityManager;
  ping(): Promise<void>;
  migrate(): Promise<string[]>;
  /** PGlite only: the data directory as a tar.gz (used to cache a migrated template for tests). */
  dump(): Promise<Blob>;
  close(): Promise<void>;
};

function optionsFor(target: DatabaseTarget): Partial<Options> {
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
    return {
      ...common,
      driver: PostgreSqlDriver,
      clientUrl: target.url,
      ...(target.schema ? { schema: target.schema } : {}),
      pool: { min: 0, max: 10 },
    } as Partial<Options>;
  }
  if (target.kind === 'pglite') {
    // The cluster directory itself is the database (PGlite does not create parent folders).
    const dir = join(target.dataDir, 'pglite');
    mkdirSync(target.dataDir, { recursive: true });
    return { ...common, driver: PgliteDriver, dbName: dir } as Partial<Options>;
  }
  const blob = target.loadDataDir;
  return {
    ...common,
    driver: PgliteDriver,
    dbName: 'memory://',
    // A Blob does not survive the config's deep clone, so it is handed over through a function.
    ...(blob ? { driverOptions: () => ({ loadDataDir: blob }) } : {}),
  } as Partial<Options>;
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const release = target.kind === 'pglite' ? lockDataDir(target.dataDir) : () => {};
  let orm: MikroORM;
  try {
    orm = await MikroORM.init(optionsFor(target));
  } catch (e) {
    release();
    throw e;
  }
  return {
    kind: target.kind,
    fork: () => orm.em.fork(),
    async ping() {
      await orm.em.fork().getConnection().execute('select 1');
    },
    async migrate() {
      const done = await orm.migrator.up();
      return done.map((m) => m.name);
    },
    async dump() {
      const conn = orm.em.getConnection() as unknown as { getNativeClient(): Promise<{ dumpDataDir(c?: string): Promise<Blob> }> };
      const pg = await conn.getNativeClient();
      return pg.dumpDataDir('gzip');
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
