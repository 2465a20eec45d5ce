import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MESSAGES } from '../../shared/errors.ts';
import { AppError } from '../errors.ts';
import { MARKER_OWNER, SWEEP_AFTER_MS, writerGone } from './file-store.ts';

/**
 * The server never holds an upload's bytes: each file of a multipart request is streamed to a
 * staging file on disk as it arrives (its size and SHA-256 counted on the way), the image process
 * reads it from there and writes its re-encoded copy beside it, and that copy is renamed into the
 * uploads folder when the image is stored (`.upload-staging` is beside the uploads folder, in the
 * data folder: the same file system, as for backups' work folders; never served nor backed up).
 *
 * Each process stages in a folder of its own, `<data>/.upload-staging/<pid>-<random>/`, with an
 * `.owner` file naming it (as the upload markers do, file-store.ts). A request's staged files are
 * removed when its answer is sent or its client goes (`release`); a file a job finishes writing
 * after that is removed by the job itself (`closed`). What a crash leaves, `sweepStaging` removes
 * at the next start: folders of processes certainly gone, and anything older than SWEEP_AFTER_MS.
 */

/** The staging area: beside the uploads folder. */
export const stagingRoot = (uploadsDir: string): string => join(dirname(uploadsDir), '.upload-staging');

const OWN_FOLDER = `${process.pid}-${randomUUID().slice(0, 8)}`;
const OWNER_FILE = '.owner';

/** The client gave up on the request (it closed the connection): what is left of its work is dropped. */
export const uploadCancelled = () => new AppError('BAD_REQUEST', MESSAGES.requestCancelled);

/** An uploaded file staged on disk: its name as sent, where it is, and what it holds (size, SHA-256). */
export type FileUpload = {
  filename: string;
  path: string;
  size: number;
  sha256: string;
  /** Cut at the size limit while it was streamed (what was cut is not kept). */
  truncated?: boolean;
  /** The request's staging area: where the image process writes its re-encoded copy. */
  staging: UploadStaging;
};

const removeFile = (path: string) => rm(path, { force: true }).catch(() => {});

/** One request's staged files; `release` removes whatever of them is still there. */
export class UploadStaging {
  readonly #files = new Set<string>();
  #closed = false;

  readonly uploadsDir: string;

  constructor(uploadsDir: string) {
    this.uploadsDir = uploadsDir;
  }

  /** The request is over (answered, or its client gone): files made from now on are removed by their maker. */
  get closed(): boolean {
    return this.#closed;
  }

  /** This process's folder, created (with its owner file) when missing: another instance's sweep may have taken an idle one. */
  async #folder(): Promise<string> {
    const dir = join(stagingRoot(this.uploadsDir), OWN_FOLDER);
    if (await mkdir(dir, { recursive: true, mode: 0o700 })) await writeFile(join(dir, OWNER_FILE), MARKER_OWNER);
    return dir;
  }

  /** A new file name in the staging folder, removed with the request (`release`) if still there. */
  async newPath(kind: 'in' | 'out'): Promise<string> {
    const path = join(await this.#folder(), `${randomUUID()}.${kind}`);
    this.#files.add(path);
    return path;
  }

  /** Removes a staged file now. */
  async remove(path: string): Promise<void> {
    this.#files.delete(path);
    await removeFile(path);
  }

  /** Removes `path` if the request ended while it was being written; true when it did. */
  async removeIfClosed(path: string): Promise<boolean> {
    if (!this.#closed) return false;
    await this.remove(path);
    return true;
  }

  /**
   * Streams one file of a multipart request to disk. `file.truncated` is the parser's: set when
   * the file went past its size limit (it was cut; the part received is not kept). A client that
   * goes meanwhile rejects with `uploadCancelled()`, the partial file removed.
   */
  async stage(file: Readable & { truncated?: boolean }, filename: string): Promise<FileUpload> {
    const path = await this.newPath('in');
    const hash = createHash('sha256');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(file, count, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    } catch (e) {
      await this.remove(path);
      throw this.#closed ? uploadCancelled() : e;
    }
    if (await this.removeIfClosed(path)) throw uploadCancelled();
    const truncated = file.truncated === true;
    if (truncated) await this.remove(path);
    return { filename, path, size, sha256: hash.digest('hex'), truncated, staging: this };
  }

  /** The request is over: every staged file still there goes (a job under way removes its own output, see `closed`). */
  async release(): Promise<void> {
    this.#closed = true;
    const files = [...this.#files];
    this.#files.clear();
    await Promise.all(files.map(removeFile));
  }
}

/**
 * At start: removes what crashed processes left in the staging area (see the top of this file).
 * Another instance sharing the uploads folder keeps its folder while it runs, except files older
 * than SWEEP_AFTER_MS (no upload takes that long). Returns how many files were removed.
 */
export async function sweepStaging(uploadsDir: string): Promise<number> {
  const root = stagingRoot(uploadsDir);
  let folders: string[];
  try {
    folders = await readdir(root);
  } catch {
    return 0;
  }
  const now = Date.now();
  let removed = 0;
  for (const folder of folders) {
    const dir = join(root, folder);
    const owner = await readFile(join(dir, OWNER_FILE), 'utf8').catch(() => null);
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n !== OWNER_FILE);
    const age = async (n: string) =>
      now -
      (await stat(join(dir, n)).then(
        (s) => s.mtimeMs,
        () => now,
      ));
    if (folder !== OWN_FOLDER && (owner === null ? (await age('.')) >= SWEEP_AFTER_MS : writerGone(owner))) {
      removed += names.length;
      await rm(dir, { recursive: true, force: true });
      continue;
    }
    for (const n of names) {
      if ((await age(n)) < SWEEP_AFTER_MS) continue;
      await removeFile(join(dir, n));
      removed++;
    }
  }
  return removed;
}
