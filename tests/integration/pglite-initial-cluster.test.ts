import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { initialClusterFile, unpackInitialCluster } from '../../src/db/pglite-initial-cluster.ts';

/**
 * A shop's first start on the embedded database unpacks the empty cluster `npm run build` made
 * (dist/pglite-cluster-<PGlite version>.tar.gz) instead of running initdb in the server process
 * (its memory: the bench's first-start row). `npm test` builds first, so the file is there.
 */
const dirs: string[] = [];
const open: Database[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-initial-cluster-'));
  dirs.push(dir);
  return dir;
}

async function openAt(dataDir: string): Promise<Database> {
  const db = await openDatabase({ kind: 'pglite', dataDir });
  open.push(db);
  return db;
}

async function closeLast(): Promise<void> {
  await open.pop()?.close();
}

const query = async <T>(db: Database, sql: string): Promise<T[]> => (await db.fork().getConnection().execute(sql)) as T[];
const systemId = async (db: Database) =>
  (await query<{ id: string }>(db, 'select system_identifier::text as id from pg_control_system()'))[0]?.id;

describe('the embedded database on a first start', () => {
  it('is the cluster the build made: two new shops share its system identifier (initdb gives each its own)', async () => {
    expect(existsSync(initialClusterFile()), `${initialClusterFile()} is missing: run npm run build`).toBe(true);
    const first = await openAt(newDataDir());
    const second = await openAt(newDataDir());
    const id = await systemId(first);
    expect(id).toMatch(/^\d+$/);
    expect(await systemId(second)).toBe(id);
  });

  it('is written to the data directory: migrated, closed and opened again, it holds what was written', async () => {
    const dataDir = newDataDir();
    const db = await openAt(dataDir);
    expect((await db.migrate()).length).toBeGreaterThan(0);
    await db.fork().getConnection().execute('create table first_start_probe (note text)');
    await db.fork().getConnection().execute(`insert into first_start_probe values ('Verão')`);
    await closeLast();

    const cluster = join(dataDir, 'pglite');
    expect(existsSync(join(cluster, 'PG_VERSION'))).toBe(true);
    // A directory holding a database is resumed: the build's cluster is never unpacked over it.
    expect(await unpackInitialCluster(cluster)).toBe(false);
    const again = await openAt(dataDir);
    expect(await again.migrate()).toEqual([]);
    expect(await query<{ note: string }>(again, 'select note from first_start_probe')).toEqual([{ note: 'Verão' }]);
  });

  it('stopped halfway before, is unpacked again: the half-written copy beside it is replaced, an empty folder filled', async () => {
    const dataDir = newDataDir();
    mkdirSync(join(dataDir, 'pglite.partial', 'base'), { recursive: true });
    writeFileSync(join(dataDir, 'pglite.partial', 'PG_VERSION'), '17');
    mkdirSync(join(dataDir, 'pglite'));
    const db = await openAt(dataDir);
    expect(await db.migrate()).not.toEqual([]);
    expect(readdirSync(dataDir)).not.toContain('pglite.partial');
  });

  it('without the build’s file for this PGlite, or in a folder with other content, is left to PGlite', async () => {
    const dataDir = newDataDir();
    const cluster = join(dataDir, 'pglite');
    expect(await unpackInitialCluster(cluster, join(dataDir, 'pglite-cluster-0.0.0.tar.gz'))).toBe(false);
    expect(existsSync(cluster)).toBe(false);
    mkdirSync(cluster);
    writeFileSync(join(cluster, 'notes.txt'), 'not a database');
    expect(await unpackInitialCluster(cluster)).toBe(false);
    expect(readdirSync(cluster)).toEqual(['notes.txt']);
  });
});
