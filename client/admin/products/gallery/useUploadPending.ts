import { useLingui } from '@lingui/react/macro';
import { imagesAddedMessage } from '../../../../shared/catalog.ts';
import { LIMITS } from '../../../../shared/limits.ts';
import { useTRPCClient } from '../../../trpc.ts';
import { useNotify } from '../../common/notify.ts';
import { errorMessage } from '../../common/server-errors.ts';

/**
 * Sends the images held before the product existed (spec §4), at most 10 per request. When that
 * fails the product stays created and a warning says why ('Imagens: {message}', spec §8).
 */
export function useUploadPending() {
  const { t } = useLingui();
  const notify = useNotify();
  const client = useTRPCClient();
  return async (productId: number, files: File[]): Promise<void> => {
    let added = 0;
    try {
      for (let start = 0; start < files.length; start += LIMITS.galleryMaxFiles) {
        const fd = new FormData();
        fd.set('product_id', String(productId));
        for (const f of files.slice(start, start + LIMITS.galleryMaxFiles)) fd.append('files', f);
        added += (await client.productImages.upload.mutate(fd)).added;
      }
      notify.success({ title: t`Imagens enviadas com sucesso`, message: imagesAddedMessage(added) });
    } catch (e) {
      const message = errorMessage(e);
      notify.warning(t`Imagens: ${message}`);
    }
  };
}
