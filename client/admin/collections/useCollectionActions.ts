import { arrayMove } from '@dnd-kit/sortable';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionDto } from '../../../shared/catalog.ts';
import { useTRPC, useTRPCClient } from '../../trpc.ts';
import { useNotify } from '../common/notify.ts';
import { useRefresh } from '../crud/useRefresh.ts';

/**
 * The collection list's immediate actions: the active toggle and up/down moves. Both show at once
 * and are saved at once; a failure shows the spec's thrown text and reloads the list from the server.
 */
export function useCollectionActions() {
  const { t } = useLingui();
  const notify = useNotify();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const listKey = trpc.collections.list.queryKey();

  const toggle = useMutation({
    mutationFn: (c: { id: number; active: boolean }) => client.collections.update.mutate(c),
    onMutate: (c) => queryClient.setQueryData(listKey, (old) => old?.map((x) => (x.id === c.id ? { ...x, active: c.active } : x))),
    onSuccess: (c) => notify.success(c.active ? t`Coleção ativada` : t`Coleção desativada`),
    onError: () => notify.error({ title: t`Erro ao atualizar coleção`, message: t`Failed to update collection` }),
    onSettled: () => refresh(listKey),
  });

  const reorder = useMutation({
    mutationFn: (ordered: CollectionDto[]) =>
      client.collections.reorder.mutate({ orders: ordered.map((c, i) => ({ id: c.id, sort_order: i + 1 })) }),
    onMutate: (ordered) => queryClient.setQueryData(listKey, ordered),
    onSuccess: () => notify.success(t`Ordem atualizada`),
    onError: () => notify.error({ title: t`Erro ao reordenar`, message: t`Failed to reorder collections` }),
    onSettled: () => refresh(listKey),
  });

  const move = (from: number, to: number) => {
    const current = queryClient.getQueryData(listKey);
    if (current && to >= 0 && to < current.length) reorder.mutate(arrayMove(current, from, to));
  };

  return { toggle: (c: CollectionDto, active: boolean) => toggle.mutate({ id: c.id, active }), move };
}
