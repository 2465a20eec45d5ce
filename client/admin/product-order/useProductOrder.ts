import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductDto } from '../../../shared/catalog.ts';
import { useTRPC, useTRPCClient } from '../../trpc.ts';
import { useNotify } from '../common/notify.ts';
import { errorMessage } from '../common/server-errors.ts';
import { useRefresh } from '../crud/useRefresh.ts';

/**
 * Saves the order of one list (a collection, or the featured products) at once, on every move
 * (spec §4): shown immediately, then 'Ordem atualizada', or 'Erro ao reordenar' and the server's order again.
 */
export function useProductOrder() {
  const { t } = useLingui();
  const notify = useNotify();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const listKey = trpc.products.list.queryKey({});
  return useMutation({
    mutationFn: (ordered: ProductDto[]) =>
      client.products.reorder.mutate({ orders: ordered.map((p, position) => ({ id: p.id, position })) }),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const moved = new Map(ordered.map((p, position) => [p.id, { ...p, position }]));
      queryClient.setQueryData(listKey, (old) => old && [...old.filter((p) => !moved.has(p.id)), ...moved.values()]);
    },
    onSuccess: () => notify.success(t`Ordem atualizada`),
    onError: (e) => notify.error({ title: t`Erro ao reordenar`, message: errorMessage(e) }),
    onSettled: () => refresh(listKey),
  });
}
