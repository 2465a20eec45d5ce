import { arrayMove } from '@dnd-kit/sortable';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductAdminPageInput, ProductAdminRow } from '../../../shared/product-admin.ts';
import { useTRPC, useTRPCClient } from '../../trpc.ts';
import { useNotify } from '../common/notify.ts';
import { errorMessage } from '../common/server-errors.ts';
import { useRefresh } from '../crud/useRefresh.ts';

export type Move = { id: number; title: string; position: number };

/** The page's rows after a move: reordered when the new place is on this page, else without the product. */
function placeOnPage(items: ProductAdminRow[], id: number, index: number): ProductAdminRow[] {
  const from = items.findIndex((p) => p.id === id);
  if (from < 0) return items;
  if (index >= 0 && index < items.length) return arrayMove(items, from, index);
  return items.filter((p) => p.id !== id);
}

/**
 * Saves one move (spec §4: at once, on every move): only the product and its new place (1-based
 * in its list) go to the server. Shown on the page at once, then 'Ordem atualizada', or
 * 'Erro ao reordenar' and the server's order again.
 */
export function useProductMove(page: ProductAdminPageInput) {
  const { t } = useLingui();
  const notify = useNotify();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const pageKey = trpc.products.adminPage.queryKey(page);
  const offset = (page.page - 1) * page.limit;
  return useMutation({
    mutationFn: (move: Move) => client.products.move.mutate({ id: move.id, position: move.position }),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: pageKey });
      queryClient.setQueryData(pageKey, (old) => old && { ...old, items: placeOnPage(old.items, move.id, move.position - 1 - offset) });
    },
    onSuccess: () => notify.success(t`Ordem atualizada`),
    onError: (e) => notify.error({ title: t`Erro ao reordenar`, message: errorMessage(e) }),
    onSettled: () => refresh(trpc.products.adminPage.pathKey()),
  });
}
