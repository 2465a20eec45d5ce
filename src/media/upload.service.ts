import { CATALOG_MESSAGES } from '../../shared/catalog.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { prepareImage, saveImage, type Upload } from './media.service.ts';

/**
 * A single image stored for use anywhere (/upload.php): checked by content and re-encoded like
 * every other upload; answers its public /uploads/ URL.
 */
export async function uploadImage(ctx: AppContext, upload: Upload | undefined): Promise<{ url: string }> {
  if (!upload) throw new AppError('BAD_REQUEST', CATALOG_MESSAGES.fileRequired);
  const { url } = await saveImage(ctx.uploadsDir, await prepareImage(upload));
  return { url };
}
