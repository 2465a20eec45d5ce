import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { type EntityManager, IsolationLevel } from '@mikro-orm/core';
import { create } from 'tar';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from '../../shared/backup.ts';
import { APP_VERSION } from './app-version.ts';
import { hashFile, linkOrCopy, uploadNames, workDirBeside } from './files.ts';
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

/** A backup ready to be sent: its manifest, its archive as a stream (once), and the clean-up. */
export type PreparedBackup = { manifest: Manifest; stream: () => Readable; dispose: () => Promise<void> };

/** Rows read per query: memory stays bounded whatever the catalogue's size. */
const PAGE = 500;

/** Writes one table as JSON lines (one row per line, in key order); returns its row count. */
async function dumpTable(run: Run, def: TableDef, drop: string[], path: string, files: Manifest['files'], name: string) {
  const out = createWriteStream(path);
  const hash = createHash('sha256');
  let rows = 0;
  let size = 0;
  let after: string[] | null = null;
  for (;;) {
    const page = await readPage(run, def, drop, after, PAGE);
    if (page.length === 0) break;
    const text = `${page.map((r) => r.json).join('\n')}\n`;
    hash.update(text);
    size += Buffer.byteLength(text);
    if (!out.write(text)) await new Promise<void>((r) => out.once('drain', () => r()));
    rows += page.length;
    after = page[page.length - 1]?.key ?? null;
    if (page.length < PAGE) break;
  }
  out.end();
  await finished(out);
  files[name] = { size, sha256: hash.digest('hex') };
  return rows;
}

/**
 * Reads the whole shop into a work folder beside the uploads (tables as JSON lines from one
 * consistent snapshot, images hard-linked), with the manifest, and hands back the archive as a
 * stream: nothing is held in memory but a page of rows.
 */
export async function prepareBackup(opts: BackupOptions): Promise<PreparedBackup> {
  const full = opts.full ?? false;
  const work = await workDirBeside(opts.uploadsDir, 'backup');
  const dispose = () => rm(work, { recursive: true, force: true });
  try {
    await mkdir(join(work, 'db'));
    await mkdir(join(work, 'uploads'));
    const files: Manifest['files'] = {};
    const tables: Manifest['tables'] = {};
    const migrations = await opts.em.transactional(
      async (tx) => {
        const run = runnerOf(tx);
        for (const def of tablesFor(full)) {
          const drop = full ? [] : (def.secret ?? []);
          const columns = (await columnsOf(run, def.name)).filter((c) => !drop.includes(c));
          const file = tableFile(def.name);
          const rows = await dumpTable(run, def, drop, join(work, file), files, file);
          tables[def.name] = { file, rows, columns };
        }
        return (await run<{ name: string }>('select name from mikro_orm_migrations order by id')).map((r) => r.name);
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );
    for (const name of await uploadNames(opts.uploadsDir)) {
      const staged = join(work, UPLOADS_PREFIX, name);
      await linkOrCopy(join(opts.uploadsDir, name), staged);
      files[UPLOADS_PREFIX + name] = await hashFile(staged);
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: APP_VERSION,
      createdAt: new Date().toISOString(),
      database: opts.databaseKind === 'postgresql' ? 'postgresql' : 'pglite',
      full,
      migrations,
      tables,
      files,
    };
    await writeFile(join(work, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [MANIFEST_NAME, ...Object.keys(files)];
    return {
      manifest,
      stream: () => Readable.from(create({ gzip: true, cwd: work, portable: true }, entries)),
      dispose,
    };
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
    await finished(backup.stream().pipe(out));
    await rename(tmp, file);
    return backup.manifest;
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  } finally {
    await backup.dispose();
  }
}
