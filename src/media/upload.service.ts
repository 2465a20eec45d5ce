import { CATALOG_MESSAGES } from '../../shared/catalog.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { idempotentCreate } from '../idempotency/idempotency.service.ts';
import { queueVariants } from './backfill.ts';
import { settleImages } from './file-store.ts';
import { prepareImage, saveImage, stopIfCancelled, type Upload } from './media.service.ts';

/**
 * A single image stored for use anywhere (/upload.php): checked by content and re-encoded like
 * every other upload; answers its public /uploads/ URL.
 */
export const uploadImage = idempotentCreate('uploads.create', {
  prepare: async (ctx: AppContext, upload: Upload | undefined) => {
    if (!upload) throw new AppError('BAD_REQUEST', CATALOG_MESSAGES.fileRequired);
    return prepareImage(upload, { signal: ctx.signal });
  },
  commit: async (ctx, prepared): Promise<{ url: string }> => {
    stopIfCancelled(ctx.signal);
    const stored = await saveImage(ctx.uploadsDir, prepared);
    // No row refers to it: the file is the whole result (with a key, its URL is kept as the answer).
    await settleImages(ctx.uploadsDir, [stored]);
    queueVariants(ctx.uploadsDir, [stored.fileName]);
    return { url: stored.url };
  },
});
