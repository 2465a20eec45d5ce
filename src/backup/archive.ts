import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, type Pack, pack } from 'tar-stream';

/**
 * The archive's packing and unpacking with tar-stream: entries are added one at a time from
 * streams (no folder walking, so the uploads folder's hard-linked variants are plain files), and
 * unpacking writes only the names the caller accepts.
 */

/** A file to put into the archive: its name there and where it is read from. */
export type PackItem = { name: string; path: string };
export type Hashed = { size: number; sha256: string };

/** Adds one file, hashing it as it goes. Null when it vanished before it could be opened. */
async function addFile(p: Pack, item: PackItem): Promise<Hashed | null> {
  let size: number;
  let mtime: Date;
  try {
    ({ size, mtime } = await stat(item.path));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const hash = createHash('sha256');
  const hasher = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const entry = p.entry({ name: item.name, size, mtime, mode: 0o644 });
  await pipeline(createReadStream(item.path), hasher, entry);
  return { size, sha256: hash.digest('hex') };
}

/**
 * A gzipped tar of `items` (in order) followed by a last entry built from their hashes, as one
 * stream. `last` receives every added file's size and SHA-256 (vanished files left out).
 */
export function packArchive(items: PackItem[], last: (hashes: Map<string, Hashed>) => { name: string; text: string }): Readable {
  const p = pack();
  const out = new PassThrough();
  pipeline(p, createGzip(), out).catch((e: Error) => out.destroy(e));
  (async () => {
    const hashes = new Map<string, Hashed>();
    for (const item of items) {
      const h = await addFile(p, item);
      if (h) hashes.set(item.name, h);
    }
    const { name, text } = last(hashes);
    p.entry({ name, mode: 0o644 }, text);
    p.finalize();
  })().catch((e: Error) => p.destroy(e));
  return out;
}

/**
 * Unpacks a gzipped tar into `dir`: `accept` gives each file's path under `dir` or null to refuse
 * the entry (which fails the whole unpacking); folders are skipped, or with `folders` made (empty
 * ones included) at the path `accept` gives them ('' skips one). With `flush` every file is
 * flushed to the disk before it is closed.
 */
export async function unpackArchive(
  source: Readable,
  dir: string,
  accept: (name: string, size: number) => string | null,
  opts: { folders?: boolean; flush?: boolean } = {},
): Promise<void> {
  const ex = extract();
  ex.on('entry', (header, stream, next) => {
    const name = header.name.replace(/^\.\//, '');
    if (header.type === 'directory') {
      const target = opts.folders ? accept(name, 0) : '';
      if (target === null) {
        ex.destroy(new Error(`entry refused: ${name}`));
        return;
      }
      if (target) mkdirSync(join(dir, target), { recursive: true });
      stream.resume();
      stream.on('end', next);
      return;
    }
    const target = header.type === 'file' ? accept(name, header.size ?? 0) : null;
    if (!target) {
      ex.destroy(new Error(`entry refused: ${name}`));
      return;
    }
    pipeline(stream, createWriteStream(join(dir, target), { flush: opts.flush ?? false })).then(
      () => next(),
      (e: Error) => ex.destroy(e),
    );
  });
  await pipeline(source, createGunzip(), ex);
}
