import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { type EntityManager, IsolationLevel } from '@mikro-orm/core';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from '../../shared/backup.ts';
import { APP_VERSION } from './app-version.ts';
import { type PackItem, packArchive } from './archive.ts';
import { uploadNames, workDirBeside } from './files.ts';
import { MANIFEST_NAME, type Manifest, tableFile, UPLOADS_PREFIX } from './manifest.ts';
import { columnsOf, type Run, readPage, runnerOf } from './sql.ts';
import { type TableDef, tablesFor } from './tables.ts';

export type BackupOptions = {
  em: EntityManager;
  uploadsDir: string;
  databaseKind: 'pglite' | 'memory' | 'postgresql';
  /** Also admin users (password hashes), sessions, sign-in throttling and the store's unlock password hash. */
  full?: boolean;
};

/** A backup ready to be sent: its archive as a stream (once), its manifest once the stream has ended, and the clean-up. */
export type PreparedBackup = { manifest: Promise<Manifest>; stream: () => Readable; dispose: () => Promise<void> };

/** Rows read per query: memory stays bounded whatever the catalogue's size. */
const PAGE = 500;

/** Writes one table as JSON lines (one row per line, in key order); returns its row count. */
async function dumpTable(run: Run, def: TableDef, drop: string[], path: string): Promise<number> {
  const out = createWriteStream(path);
  let rows = 0;
  let after: string[] | null = null;
  for (;;) {
    const page = await readPage(run, def, drop, after, PAGE);
    if (page.length === 0) break;
    const text = `${page.map((r) => r.json).join('\n')}\n`;
    if (!out.write(text)) await new Promise<void>((r) => out.once('drain', () => r()));
    rows += page.length;
    after = page[page.length - 1]?.key ?? null;
    if (page.length < PAGE) break;
  }
  out.end();
  await finished(out);
  return rows;
}

/**
 * Reads the whole shop's rows into a work folder beside the uploads (tables as JSON lines from one
 * consistent snapshot) and hands back the archive as a stream: the table files, every file of the
 * uploads folder read straight from it, and last the manifest with every file's SHA-256. Nothing
 * is held in memory but a page of rows or a chunk of a file.
 */
export async function prepareBackup(opts: BackupOptions): Promise<PreparedBackup> {
  const full = opts.full ?? false;
  const work = await workDirBeside(opts.uploadsDir, 'backup');
  const dispose = () => rm(work, { recursive: true, force: true });
  try {
    await mkdir(join(work, 'db'));
    const tables: Manifest['tables'] = {};
    const migrations = await opts.em.transactional(
      async (tx) => {
        const run = runnerOf(tx);
        for (const def of tablesFor(full)) {
          const drop = full ? [] : (def.secret ?? []);
          const columns = (await columnsOf(run, def.name)).filter((c) => !drop.includes(c));
          const file = tableFile(def.name);
          const rows = await dumpTable(run, def, drop, join(work, file));
          tables[def.name] = { file, rows, columns };
        }
        return (await run<{ name: string }>('select name from mikro_orm_migrations order by id')).map((r) => r.name);
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
    const items: PackItem[] = [
      ...Object.values(tables).map((t) => ({ name: t.file, path: join(work, t.file) })),
      ...(await uploadNames(opts.uploadsDir)).map((n) => ({ name: UPLOADS_PREFIX + n, path: join(opts.uploadsDir, n) })),
    ];
    let done: (m: Manifest) => void = () => {};
    const manifest = new Promise<Manifest>((resolve) => {
      done = resolve;
    });
    const stream = () =>
      packArchive(items, (hashes) => {
        const m: Manifest = {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          appVersion: APP_VERSION,
          createdAt: new Date().toISOString(),
          database: opts.databaseKind === 'postgresql' ? 'postgresql' : 'pglite',
          full,
          migrations,
          tables,
          files: Object.fromEntries(hashes),
        };
        done(m);
        return { name: MANIFEST_NAME, text: `${JSON.stringify(m, null, 2)}\n` };
      });
    return { manifest, stream, dispose };
  } catch (e) {
    await dispose();
    throw e;
  }
}

/** Writes a backup to `file` (under a temporary name, renamed once complete). */
export async function writeBackupFile(opts: BackupOptions, file: string): Promise<Manifest> {
  const backup = await prepareBackup(opts);
  const tmp = `${file}.partial`;
  try {
    const out = createWriteStream(tmp);
    await pipeline(backup.stream(), out);
    await rename(tmp, file);
    return await backup.manifest;
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  } finally {
    await backup.dispose();
  }
}
