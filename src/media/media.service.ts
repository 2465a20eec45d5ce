import { MESSAGES } from '../../shared/errors.ts';
import { LIMITS } from '../../shared/limits.ts';
import type { Logger } from '../context.ts';
import { AppError } from '../errors.ts';
import { queueVariants } from './backfill.ts';
import { discardImages, purgeImages, restoreImages, type StoredImage, settleImages, storeImage, trashImages } from './file-store.ts';
import { asBuffer, inImageProcess } from './image-process.ts';
import { IMAGE_JOBS, mapLimit } from './map-limit.ts';
import type { Reencoded } from './reencode.ts';

/** A file as an adapter received it. `truncated` is set when it went past the size limit. */
export type Upload = { filename: string; data: Buffer; truncated?: boolean };

/** An image checked by its content and re-encoded: metadata and anything smuggled are gone. */
export type PreparedImage = { data: Buffer; ext: 'jpg' | 'png' | 'webp'; originalName: string };

const REENCODER = new URL('./reencode.ts', import.meta.url);

const displayName = (name: string) => name.replace(/[\r\n\t]/g, ' ').slice(0, 120) || 'arquivo';

/** The client gave up on the request (it closed the connection): what is left of its work is dropped. */
export const uploadCancelled = () => new AppError('BAD_REQUEST', MESSAGES.requestCancelled);

/** Throws `uploadCancelled()` once `signal` has aborted. */
export function stopIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw uploadCancelled();
}

/**
 * Checks an upload by content (jpeg, png or webp, at most 5 MB) and re-encodes it, in the image
 * process (src/media/image-process.ts): 400 for anything else, 503 when that process fails. With a
 * `signal`, a request given up before its turn in the image process is dropped without running.
 */
export async function prepareImage(upload: Upload, opts: { signal?: AbortSignal } = {}): Promise<PreparedImage> {
  const name = displayName(upload.filename);
  if (upload.truncated || upload.data.length > LIMITS.galleryMaxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `${name}: arquivo muito grande (máx 5MB)`);
  }
  stopIfCancelled(opts.signal);
  const image = await inImageProcess<Reencoded | null>(REENCODER, 'reencodeUpload', upload.data, { signal: opts.signal }).catch((e) => {
    if (opts.signal?.aborted) throw uploadCancelled();
    throw e;
  });
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
export const saveImage = (uploadsDir: string, image: PreparedImage): Promise<StoredImage> => storeImage(uploadsDir, image.ext, image.data);

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
