import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import { BACKUP_MESSAGES } from '../../shared/backup.ts';
import { variantOf } from '../../shared/image-variants.ts';
import { AppError } from '../errors.ts';
import { queueVariants } from '../media/backfill.ts';
import { folderNames } from '../media/folder-names.ts';
import { unpackArchive } from './archive.ts';
import { hashFile, pendingName, uploadNames, workDirBeside } from './files.ts';
import { ENTRY_NAME, MANIFEST_NAME, type Manifest, parseManifest, tableFile, UPLOADS_PREFIX } from './manifest.ts';
import { columnsOf, insertRows, type Run, resetSequence, runnerOf } from './sql.ts';
import { BACKUP_TABLES, CONTENT_TABLES, type TableDef, tableDef } from './tables.ts';

export type RestoreOptions = {
  em: EntityManager;
  uploadsDir: string;
  /** Restore into a shop that has content: everything it has is replaced. */
  force?: boolean;
  /** Largest total size of the archive's files, unpacked (default: no limit). */
  maxBytes?: number;
};

export type RestoreReport = { manifest: Manifest; rows: number; files: number };

const refuse = (message: string) => new AppError('BAD_REQUEST', message);

/** Rows inserted per statement. */
const BATCH = 500;

/** Unpacks the archive into `work`, refusing any entry that is not a file with an expected name. */
async function unpack(source: Readable, work: string, maxBytes: number): Promise<void> {
  await mkdir(join(work, 'db'));
  await mkdir(join(work, 'uploads'));
  let total = 0;
  try {
    await unpackArchive(source, work, (name, size) => {
      total += size;
      return ENTRY_NAME.test(name) && total <= maxBytes ? name : null;
    });
  } catch {
    if (total > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', BACKUP_MESSAGES.tooLarge);
    throw refuse(BACKUP_MESSAGES.notAnArchive);
  }
}

/** Every file under `work` other than the manifest, as archive names. */
async function unpackedNames(work: string): Promise<string[]> {
  const names: string[] = [];
  for (const sub of ['db', 'uploads']) {
    try {
      for (const name of await readdir(join(work, sub))) names.push(`${sub}/${name}`);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  return names.sort();
}

/** The archive's content against its manifest: the same files, each with its size and SHA-256, and known tables. */
async function verify(work: string, run: Run): Promise<{ manifest: Manifest; tables: TableDef[] }> {
  let text: string;
  try {
    text = await readFile(join(work, MANIFEST_NAME), 'utf8');
  } catch {
    throw refuse(BACKUP_MESSAGES.notAnArchive);
  }
  const manifest = parseManifest(text);
  const listed = Object.keys(manifest.files).sort();
  const present = await unpackedNames(work);
  if (JSON.stringify(listed) !== JSON.stringify(present)) throw refuse(BACKUP_MESSAGES.corrupted);
  for (const name of listed) {
    const actual = await hashFile(join(work, name));
    const expected = manifest.files[name];
    if (actual.size !== expected?.size || actual.sha256 !== expected.sha256) throw refuse(BACKUP_MESSAGES.corrupted);
  }
  const tables: TableDef[] = [];
  for (const [name, t] of Object.entries(manifest.tables)) {
    const def = tableDef(name);
    if (!def || t.file !== tableFile(name) || !manifest.files[t.file]) throw refuse(BACKUP_MESSAGES.unknownTable);
    if (def.kind === 'private' && !manifest.full) throw refuse(BACKUP_MESSAGES.corrupted);
    const have = new Set(await columnsOf(run, name));
    if (!t.columns.every((c) => have.has(c)) || !def.key.every((k) => t.columns.includes(k))) {
      throw refuse(BACKUP_MESSAGES.unknownTable);
    }
    tables.push(def);
  }
  if (!tables.some((d) => d.name === 'settings')) throw refuse(BACKUP_MESSAGES.corrupted);
  // Foreign keys first: the order of BACKUP_TABLES, whatever the manifest's.
  tables.sort((a, b) => order(a) - order(b));
  return { manifest, tables };
}

const BACKUP_ORDER = BACKUP_TABLES.map((t) => t.name);
const order = (d: TableDef) => BACKUP_ORDER.indexOf(d.name);

/** True when the shop has content beyond a freshly migrated database (the settings row). */
export async function shopHasContent(em: EntityManager): Promise<boolean> {
  const run = runnerOf(em);
  const parts = CONTENT_TABLES.map((t) => `exists (select 1 from "${t}")`).join(' or ');
  const [row] = await run<{ any: boolean }>(`select (${parts}) as any`);
  return row?.any === true;
}

/** Inserts one table's JSON lines in batches; refuses when the count differs from the manifest's. */
async function loadTable(run: Run, work: string, name: string, t: Manifest['tables'][string]): Promise<number> {
  const lines = createInterface({ input: createReadStream(join(work, t.file)), crlfDelay: Number.POSITIVE_INFINITY });
  let batch: string[] = [];
  let rows = 0;
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    rows += 1;
    if (batch.length === BATCH) {
      await insertRows(run, name, t.columns, batch);
      batch = [];
    }
  }
  await insertRows(run, name, t.columns, batch);
  if (rows !== t.rows) throw refuse(BACKUP_MESSAGES.corrupted);
  return rows;
}

/**
 * Brings a backup back, all or nothing. Before anything changes: the archive is unpacked beside
 * the uploads folder, its manifest read (format version) and every file checked against it (size
 * and SHA-256), its tables and columns checked against this database, and the shop checked to be
 * empty (unless `force`). Then the images go into the uploads folder under temporary names, every
 * row of every table is written in one transaction (ids kept, sequences moved past them), and only
 * once it has committed are the images renamed into place (and, with `force`, the old ones removed).
 */
export async function restoreBackup(opts: RestoreOptions, source: Readable): Promise<RestoreReport> {
  const work = await workDirBeside(opts.uploadsDir, 'restore');
  const staged: string[] = [];
  try {
    await unpack(source, work, opts.maxBytes ?? Number.POSITIVE_INFINITY);
    const { manifest, tables } = await verify(work, runnerOf(opts.em));
    if (!opts.force && (await shopHasContent(opts.em))) throw new AppError('CONFLICT', BACKUP_MESSAGES.notEmpty);

    const images = Object.keys(manifest.files)
      .filter((n) => n.startsWith(UPLOADS_PREFIX))
      .map((n) => n.slice(UPLOADS_PREFIX.length));
    const before = opts.force ? await uploadNames(opts.uploadsDir) : [];
    await mkdir(opts.uploadsDir, { recursive: true });
    for (const name of images) {
      await rename(join(work, UPLOADS_PREFIX, name), join(opts.uploadsDir, pendingName(name)));
      staged.push(name);
    }

    let rows = 0;
    await opts.em.transactional(async (tx) => {
      const run = runnerOf(tx);
      const wipe = opts.force ? [...new Set([...CONTENT_TABLES, ...tables.map((d) => d.name)])] : tables.map((d) => d.name);
      for (const name of [...BACKUP_ORDER].reverse()) if (wipe.includes(name)) await run(`delete from "${name}"`);
      for (const def of tables) {
        const t = manifest.tables[def.name];
        if (t) rows += await loadTable(run, work, def.name, t);
        if (def.serial) await resetSequence(run, def.name);
      }
    });

    for (const name of staged.splice(0)) await rename(join(opts.uploadsDir, pendingName(name)), join(opts.uploadsDir, name));
    const kept = new Set(images);
    for (const name of before) if (!kept.has(name)) await rm(join(opts.uploadsDir, name), { force: true });
    // Backups carry no variants (files.ts): those of the originals brought back are kept or made
    // again, in the background; until then a page's variant URL leads to its original.
    const keptOriginals = new Set(images.map((n) => /^([0-9a-f-]{36})\./.exec(n)?.[1]).filter(Boolean));
    if (opts.force) {
      const stale: string[] = [];
      for (const name of folderNames(opts.uploadsDir)) {
        const of = variantOf(name);
        if (of && !keptOriginals.has(of)) stale.push(name);
      }
      for (const name of stale) await rm(join(opts.uploadsDir, name), { force: true });
    }
    queueVariants(opts.uploadsDir, images);
    return { manifest, rows, files: images.length };
  } finally {
    for (const name of staged) await rm(join(opts.uploadsDir, pendingName(name)), { force: true });
    await rm(work, { recursive: true, force: true });
  }
}
