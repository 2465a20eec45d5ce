import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { initialClusterFile } from '../../src/db/pglite-cluster-file.ts';
import { unpackInitialCluster } from '../../src/db/pglite-initial-cluster.ts';

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

  it('stopped halfway before (nothing moved, or all but PG_VERSION), is unpacked again over what is there', async () => {
    const dataDir = newDataDir();
    const cluster = join(dataDir, 'pglite');
    mkdirSync(join(cluster, '.initial-cluster.partial', 'base'), { recursive: true });
    writeFileSync(join(cluster, '.initial-cluster.partial', 'PG_VERSION'), '17');
    mkdirSync(join(cluster, 'base', '1'), { recursive: true });
    writeFileSync(join(cluster, 'postgresql.conf'), '');
    const db = await openAt(dataDir);
    expect(await db.migrate()).not.toEqual([]);
    expect(readdirSync(cluster)).not.toContain('.initial-cluster.partial');
  });

  it('goes into the folder it is given, never replacing it (a mount point, a symbolic link to another disk)', async () => {
    const dataDir = newDataDir();
    const cluster = join(dataDir, 'pglite');
    mkdirSync(cluster);
    const folder = statSync(cluster).ino;
    expect(await unpackInitialCluster(cluster)).toBe(true);
    expect(statSync(cluster).ino).toBe(folder);
    expect(readdirSync(cluster)).toContain('PG_VERSION');

    const elsewhere = join(newDataDir(), 'cluster');
    mkdirSync(elsewhere);
    const linked = join(newDataDir(), 'pglite');
    symlinkSync(elsewhere, linked);
    expect(await unpackInitialCluster(linked)).toBe(true);
    expect(lstatSync(linked).isSymbolicLink()).toBe(true);
    expect(readdirSync(elsewhere)).toContain('PG_VERSION');
  });

  it('that cannot be unpacked (a cut-off file), is left to PGlite’s initdb with a warning and nothing written', async () => {
    const dataDir = newDataDir();
    const cut = join(dataDir, 'pglite-cluster-cut.tar.gz');
    writeFileSync(cut, readFileSync(initialClusterFile()).subarray(0, 1_000_000));
    const cluster = join(dataDir, 'pglite');
    const warnings: string[] = [];
    expect(await unpackInitialCluster(cluster, cut, (msg) => warnings.push(msg))).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('initdb runs instead');
    expect(existsSync(cluster) ? readdirSync(cluster) : []).toEqual([]);
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
