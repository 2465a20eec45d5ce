import { CATALOG_MESSAGES } from '../../shared/catalog.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { queueVariants } from './backfill.ts';
import { settleImages } from './file-store.ts';
import { prepareImage, saveImage, stopIfCancelled, type Upload } from './media.service.ts';

/**
 * A single image stored for use anywhere (/upload.php): checked by content and re-encoded like
 * every other upload; answers its public /uploads/ URL.
 */
export async function uploadImage(ctx: AppContext, upload: Upload | undefined): Promise<{ url: string }> {
  if (!upload) throw new AppError('BAD_REQUEST', CATALOG_MESSAGES.fileRequired);
  const prepared = await prepareImage(upload, { signal: ctx.signal });
  stopIfCancelled(ctx.signal);
  const stored = await saveImage(ctx.uploadsDir, prepared);
  // No row refers to it: the file is the whole result.
  await settleImages(ctx.uploadsDir, [stored]);
  queueVariants(ctx.uploadsDir, [stored.fileName]);
  return { url: stored.url };
}
