import { useLingui } from '@lingui/react/macro';
import { imagesAddedMessage } from '../../../../shared/catalog.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { useTRPCClient } from '../../../trpc.ts';
import { useNotify } from '../../common/notify.ts';
import { errorMessage } from '../../common/server-errors.ts';

/**
 * Sends the images held before the product existed (spec §4), at most 10 per request. The server
 * keeps the good files and names a refused one: each is a warning 'Imagens: {message}' (spec §8),
 * as is a request that fails; the product stays created either way.
 */
export function useUploadPending() {
  const { t } = useLingui();
  const notify = useNotify();
  const client = useTRPCClient();
  const warn = (message: string) => notify.warning(t`Imagens: ${message}`);
  return async (productId: number, files: File[]): Promise<void> => {
    let added = 0;
    try {
      for (let start = 0; start < files.length; start += LIMITS.galleryMaxFiles) {
        const fd = new FormData();
        fd.set('product_id', String(productId));
        for (const f of files.slice(start, start + LIMITS.galleryMaxFiles)) fd.append('files', f);
        const result = await client.productImages.upload.mutate(fd);
        added += result.added;
        result.refused.forEach(warn);
      }
    } catch (e) {
      warn(errorMessage(e));
    }
    if (added > 0) notify.success({ title: t`Imagens enviadas com sucesso`, message: imagesAddedMessage(added) });
  };
}
