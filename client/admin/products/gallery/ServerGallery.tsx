import { arrayMove } from '@dnd-kit/sortable';
import { Trans, useLingui } from '@lingui/react/macro';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductImageDto } from '../../../../shared/catalog.ts';
import { imageUrl } from '../../../../shared/image-url.ts';
import { useTRPC, useTRPCClient } from '../../../trpc.ts';
import { useNotify } from '../../common/notify.ts';
import { errorMessage } from '../../common/server-errors.ts';
import { useDeleteAction } from '../../crud/useDeleteAction.ts';
import { useRefresh } from '../../crud/useRefresh.ts';
import { GalleryGrid } from './GalleryGrid.tsx';
import { GalleryPicker } from './GalleryPicker.tsx';

const PROCESSING_POLL_MS = 2000;

/**
 * Once the product exists (spec §4): uploads go straight to the server, each move is saved at once
 * (the list is reloaded from the server when that fails), removal asks 'Remover esta imagem?'.
 */
export function ServerGallery({ productId }: { productId: number }) {
  const { t } = useLingui();
  const notify = useNotify();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const input = { product_id: productId };
  const images = useQuery(trpc.productImages.list.queryOptions(input));
  const key = trpc.productImages.list.queryKey(input);
  // Variants are made in the background after an upload: asked again every few seconds while any is pending.
  const processing = useQuery(
    trpc.productImages.processing.queryOptions(input, { refetchInterval: (q) => (q.state.data?.length ? PROCESSING_POLL_MS : false) }),
  );
  const pending = new Set(processing.data ?? []);

  const upload = useMutation({
    mutationFn: (files: File[]) => {
      const fd = new FormData();
      fd.set('product_id', String(productId));
      for (const f of files) fd.append('files', f);
      return client.productImages.upload.mutate(fd);
    },
    onSuccess: (r) => {
      notify.success({ title: t`Imagens enviadas com sucesso`, message: r.message });
      for (const message of r.refused) notify.warning(t`Imagens: ${message}`);
    },
    onError: (e) => notify.error({ title: t`Erro ao enviar imagens`, message: errorMessage(e) }),
    onSettled: () => refresh(key),
  });
  const reorder = useMutation({
    mutationFn: (ordered: ProductImageDto[]) =>
      client.productImages.reorder.mutate({ product_id: productId, order: ordered.map((i) => i.id) }),
    onMutate: async (ordered) => {
      // A read under way (the tab brought back to the front) would put the old order back.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, ordered);
    },
    onError: (e) => notify.error({ title: t`Erro ao reordenar imagens`, message: errorMessage(e) }),
    onSettled: () => refresh(key),
  });
  const askRemove = useDeleteAction({
    remove: (id) => client.productImages.delete.mutate({ id }),
    question: t`Remover esta imagem?`,
    confirmLabel: t`Remover`,
    success: t`Imagem removida`,
    failure: t`Erro ao remover imagem`,
    listKey: key,
  });
  const list = images.data ?? [];

  return (
    <Stack gap="xs">
      <GalleryPicker onPick={(files) => upload.mutate(files)} uploading={upload.isPending ? (upload.variables?.length ?? 0) : 0} />
      {images.isPending && <Skeleton h={120} radius="md" />}
      {images.isSuccess && list.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>Este produto ainda não tem imagens.</Trans>
        </Text>
      )}
      {list.length > 0 && (
        <GalleryGrid
          items={list.map((i) => ({ key: i.id, src: imageUrl(i.url), name: i.file_name, processing: pending.has(i.id) }))}
          onMove={(from, to) => {
            const current = queryClient.getQueryData(key) ?? list;
            reorder.mutate(arrayMove(current, from, to));
          }}
          onRemove={(index) => {
            const image = list[index];
            if (image) askRemove({ id: image.id, name: image.file_name });
          }}
        />
      )}
    </Stack>
  );
}
