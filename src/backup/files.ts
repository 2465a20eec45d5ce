import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

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

/** The uploads folder's files (not dot files: those are writes or deletions in progress), sorted. */
export async function uploadNames(uploadsDir: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(uploadsDir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  return entries
    .filter((d) => d.isFile() && /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(d.name))
    .map((d) => d.name)
    .sort();
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
