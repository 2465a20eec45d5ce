import { readFile } from 'node:fs/promises';
import { LIMITS } from '../../shared/limits.ts';
import type { Logger } from '../context.ts';
import { AppError } from '../errors.ts';
import { siblingModule } from '../runtime-files.ts';
import { queueVariants } from './backfill.ts';
import { discardImages, purgeImages, restoreImages, type StoredImage, settleImages, storeImage, trashImages } from './file-store.ts';
import { asBuffer, inImageProcess } from './image-process.ts';
import { IMAGE_JOBS, mapLimit } from './map-limit.ts';
import type { Reencoded } from './reencode.ts';
import { type FileUpload, uploadCancelled } from './staging.ts';

export { type FileUpload, uploadCancelled } from './staging.ts';

/** A file whose bytes the caller holds (tRPC called without HTTP, images fetched by the server). */
export type BufferUpload = { filename: string; data: Buffer; truncated?: boolean };

/**
 * A file as an adapter received it: staged on disk by the HTTP adapters (src/media/staging.ts,
 * the server never holds its bytes), or bytes in memory. `truncated` is set when it went past the
 * size limit.
 */
export type Upload = BufferUpload | FileUpload;

/** An image checked by its content and re-encoded: metadata and anything smuggled are gone. Bytes, or a staged file. */
export type PreparedImage = PreparedBytes | { ext: ImageExt; originalName: string; path: string };
/** What an upload in memory gives: the re-encoded bytes. */
export type PreparedBytes = { data: Buffer; ext: ImageExt; originalName: string };
type ImageExt = 'jpg' | 'png' | 'webp';

/** The size of an upload's content, in bytes. */
export const uploadSize = (upload: Upload): number => ('path' in upload ? upload.size : upload.data.length);

/**
 * An upload's bytes in memory, for the small files read whole (a review CSV): one larger than
 * `maxBytes` is not read and comes back empty, marked truncated.
 */
export async function uploadBytes(upload: Upload, maxBytes: number): Promise<BufferUpload> {
  if (!('path' in upload)) return upload;
  if (upload.truncated || upload.size > maxBytes) return { filename: upload.filename, data: Buffer.alloc(0), truncated: true };
  return { filename: upload.filename, data: upload.size === 0 ? Buffer.alloc(0) : await readFile(upload.path), truncated: false };
}

const REENCODER = siblingModule(import.meta.url, './reencode');

const displayName = (name: string) => name.replace(/[\r\n\t]/g, ' ').slice(0, 120) || 'arquivo';

/** Throws `uploadCancelled()` once `signal` has aborted. */
export function stopIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw uploadCancelled();
}

/**
 * Checks an upload by content (jpeg, png or webp, at most 5 MB) and re-encodes it, in the image
 * process (src/media/image-process.ts): 400 for anything else, 503 when that process fails. With a
 * `signal`, a request given up before its turn in the image process is dropped without running.
 * A staged upload is read and re-encoded from file to file (the result is a staged file, removed
 * with the request unless stored); bytes give bytes.
 */
export async function prepareImage(upload: BufferUpload, opts?: { signal?: AbortSignal }): Promise<PreparedBytes>;
export async function prepareImage(upload: Upload, opts?: { signal?: AbortSignal }): Promise<PreparedImage>;
export async function prepareImage(upload: Upload, opts: { signal?: AbortSignal } = {}): Promise<PreparedImage> {
  const name = displayName(upload.filename);
  if (upload.truncated || uploadSize(upload) > LIMITS.galleryMaxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `${name}: arquivo muito grande (máx 5MB)`);
  }
  stopIfCancelled(opts.signal);
  const cancelled = (e: unknown) => {
    if (opts.signal?.aborted) throw uploadCancelled();
    throw e;
  };
  if ('path' in upload) {
    const { staging } = upload;
    if (staging.closed) throw uploadCancelled();
    const output = await staging.newPath('out');
    try {
      const task = { input: upload.path, output };
      const image = await inImageProcess<{ ext: ImageExt } | null>(REENCODER, 'reencodeUploadFile', task, {
        signal: opts.signal,
      }).catch(cancelled);
      // The request ended while the job ran: its output goes now (the staged input went with the request).
      if ((await staging.removeIfClosed(output)) || opts.signal?.aborted) throw uploadCancelled();
      if (!image) throw new AppError('BAD_REQUEST', `${name}: formato não permitido`);
      return { path: output, ext: image.ext, originalName: name };
    } catch (e) {
      await staging.remove(output);
      throw e;
    }
  }
  const image = await inImageProcess<Reencoded | null>(REENCODER, 'reencodeUpload', upload.data, { signal: opts.signal }).catch(cancelled);
  if (!image) throw new AppError('BAD_REQUEST', `${name}: formato não permitido`);
  return { data: asBuffer(image.data), ext: image.ext, originalName: name };
}

/**
 * Prepares several uploads (`prepareImage`), IMAGE_JOBS at a time, results in order; the first
 * refusal (or the request given up) rejects, and no further one starts.
 */
export async function prepareImages(uploads: Upload[], opts: { signal?: AbortSignal } = {}): Promise<PreparedImage[]> {
  const stop = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  try {
    return await mapLimit(uploads, IMAGE_JOBS, async (u) => {
      if (stop.signal.aborted) throw stop.signal.reason;
      return prepareImage(u, { signal });
    });
  } catch (e) {
    stop.abort(e);
    stopIfCancelled(opts.signal);
    throw e;
  }
}

/** Where uploads live and where a file left behind is reported. */
export type MediaContext = { uploadsDir: string; log?: Pick<Logger, 'warn'> };

/**
 * Writes a prepared image under a server-chosen name; the caller settles it once its row is
 * committed (see file-store.ts). 503 when the folder refuses the writes. Its variants are not
 * made here: `withSavedImages` and /upload.php queue them once the image is settled.
 */
export const saveImage = (uploadsDir: string, image: PreparedImage): Promise<StoredImage> =>
  storeImage(uploadsDir, image.ext, 'path' in image ? { path: image.path } : image.data);

/**
 * Stores several prepared images, runs `commit`, and removes the new files again if it fails (or
 * the request was given up before the commit), so a refused request leaves nothing behind. The
 * rows are committed only once every original exists; their variants are made afterwards, in the
 * background (`queueVariants`).
 */
export async function withSavedImages<T>(
  uploadsDir: string,
  images: PreparedImage[],
  commit: (saved: StoredImage[]) => Promise<T>,
  opts: { signal?: AbortSignal } = {},
): Promise<T> {
  const saved: StoredImage[] = [];
  let result: T;
  try {
    for (const img of images) {
      stopIfCancelled(opts.signal);
      saved.push(await saveImage(uploadsDir, img));
    }
    stopIfCancelled(opts.signal);
    result = await commit(saved);
    await settleImages(uploadsDir, saved);
  } catch (e) {
    await discardImages(uploadsDir, saved);
    throw e;
  }
  queueVariants(
    uploadsDir,
    saved.map((s) => s.fileName),
  );
  return result;
}

/**
 * Deletes the files of `urls` (originals and variants) together with the rows `commit` removes:
 * the files are moved aside first, so a folder that refuses answers 503 before any row changes;
 * they are put back if the commit fails and purged once it succeeds. A file that cannot be
 * purged then is logged and left for the start-up sweep: never a row without its file.
 */
export async function withRemovedImages<T>(ctx: MediaContext, urls: string[], commit: () => Promise<T>): Promise<T> {
  const trashed = await trashImages(ctx.uploadsDir, urls);
  let result: T;
  try {
    result = await commit();
  } catch (e) {
    await restoreImages(trashed);
    throw e;
  }
  const left = await purgeImages(trashed);
  if (left.length) ctx.log?.warn({ files: left }, 'upload files left behind; the next start-up removes them');
  return result;
}
