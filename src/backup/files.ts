import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { variantOf } from '../../shared/image-variants.ts';
import { folderNames } from '../media/folder-names.ts';

/** SHA-256 (hex) and size of a file, read as a stream. */
export async function hashFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * The uploads folder's files (not dot files: those are writes or deletions in progress), sorted,
 * without the variants the shop makes of its stored images: they are derived files (ten per photo),
 * rebuilt from their original after a restore. Read name by name (folder-names.ts): a shop of
 * 20,000 products with three photos each has 759,000 files there, and listing them all with their
 * types and keeping each one's name, path and hash for the manifest ran the process out of its
 * 256 MB heap in 5.7 s (2026-11-30); its 69,000 originals are a tenth of that.
 */
export async function uploadNames(uploadsDir: string): Promise<string[]> {
  const names: string[] = [];
  try {
    for (const name of folderNames(uploadsDir)) {
      if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name) || variantOf(name)) continue;
      if (statSync(join(uploadsDir, name), { throwIfNoEntry: false })?.isFile()) names.push(name);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  return names.sort();
}

/**
 * A work folder beside the uploads folder (same file system, so restored images move into place by rename),
 * named with a dot so nothing serves or sweeps it as an upload.
 */
export async function workDirBeside(uploadsDir: string, kind: 'backup' | 'restore'): Promise<string> {
  const dir = join(dirname(uploadsDir), `.${kind}-${randomUUID()}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** The temporary name of a restored image until the rows that use it are committed. */
export const pendingName = (name: string) => `.${name}.restore`;
const PENDING = /^\.([A-Za-z0-9][A-Za-z0-9_.-]*)\.restore$/;

/** Work folders older than this are a crashed backup's or restore's: no backup takes a day. */
const STALE_WORK_MS = 24 * 3_600_000;

/**
 * At start: ends a restore a crash cut between its commit and its renames (images still under
 * their temporary names go into place: after a crash before the commit they are merely unused
 * files, the rows being unchanged), and removes work folders of backups and restores long dead.
 * Returns how many images were put in place.
 */
export async function finishInterruptedRestores(uploadsDir: string): Promise<number> {
  // Read name by name (folder-names.ts): the folder may hold hundreds of thousands of files.
  const pending: [name: string, final: string][] = [];
  try {
    for (const n of folderNames(uploadsDir)) {
      const final = PENDING.exec(n)?.[1];
      if (final) pending.push([n, final]);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
  let moved = 0;
  for (const [n, final] of pending) {
    await rename(join(uploadsDir, n), join(uploadsDir, final));
    moved++;
  }
  const parent = dirname(uploadsDir);
  for (const n of await readdir(parent)) {
    if (!/^\.(backup|restore)-[0-9a-f-]{36}$/.test(n)) continue;
    const { mtimeMs } = await stat(join(parent, n));
    if (Date.now() - mtimeMs > STALE_WORK_MS) await rm(join(parent, n), { recursive: true, force: true });
  }
  return moved;
}
