import { LIMITS } from '../../shared/limits.ts';
import type { Logger } from '../context.ts';
import { AppError } from '../errors.ts';
import { discardImages, purgeImages, restoreImages, type StoredImage, settleImages, storeImage, trashImages } from './file-store.ts';
import { asBuffer, inImageProcess } from './image-process.ts';
import type { Reencoded } from './reencode.ts';

/** A file as an adapter received it. `truncated` is set when it went past the size limit. */
export type Upload = { filename: string; data: Buffer; truncated?: boolean };

/** An image checked by its content and re-encoded: metadata and anything smuggled are gone. */
export type PreparedImage = { data: Buffer; ext: 'jpg' | 'png' | 'webp'; originalName: string };

const REENCODER = new URL('./reencode.ts', import.meta.url);

const displayName = (name: string) => name.replace(/[\r\n\t]/g, ' ').slice(0, 120) || 'arquivo';

/**
 * Checks an upload by content (jpeg, png or webp, at most 5 MB) and re-encodes it, in the image
 * process (src/media/image-process.ts): 400 for anything else, 503 when that process fails.
 */
export async function prepareImage(upload: Upload): Promise<PreparedImage> {
  const name = displayName(upload.filename);
  if (upload.truncated || upload.data.length > LIMITS.galleryMaxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `${name}: arquivo muito grande (máx 5MB)`);
  }
  const image = await inImageProcess<Reencoded | null>(REENCODER, 'reencodeUpload', upload.data);
  if (!image) throw new AppError('BAD_REQUEST', `${name}: formato não permitido`);
  return { data: asBuffer(image.data), ext: image.ext, originalName: name };
}

/** Where uploads live and where a file left behind is reported. */
export type MediaContext = { uploadsDir: string; log?: Pick<Logger, 'warn'> };

/**
 * Writes a prepared image and its variants under a server-chosen name; the caller settles it
 * once its row is committed (see file-store.ts). 503 when the folder refuses the writes.
 */
export const saveImage = (uploadsDir: string, image: PreparedImage, opts?: { variants?: boolean }): Promise<StoredImage> =>
  storeImage(uploadsDir, image.ext, image.data, opts);

/**
 * Stores several prepared images with their variants, runs `commit`, and removes the new files
 * again if it fails, so a refused request leaves nothing behind. The rows are committed only
 * once every file exists.
 */
export async function withSavedImages<T>(
  uploadsDir: string,
  images: PreparedImage[],
  commit: (saved: StoredImage[]) => Promise<T>,
): Promise<T> {
  const saved: StoredImage[] = [];
  try {
    for (const img of images) saved.push(await saveImage(uploadsDir, img));
    const result = await commit(saved);
    await settleImages(uploadsDir, saved);
    return result;
  } catch (e) {
    await discardImages(uploadsDir, saved);
    throw e;
  }
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
