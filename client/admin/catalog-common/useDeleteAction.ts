import { type QueryKey, useMutation } from '@tanstack/react-query';
import { useNotify } from './notify.ts';
import { errorMessage } from './server-errors.ts';
import { useConfirmDelete } from './useConfirmDelete.tsx';
import { useRefresh } from './useRefresh.ts';

/**
 * Delete with the spec's confirmation, then its toast ('Banner excluído', 'Erro ao excluir', ...);
 * the lists are reloaded either way (a failed delete may mean someone else removed it already).
 */
export function useDeleteAction(opts: {
  remove: (id: number) => Promise<unknown>;
  question: string;
  confirmLabel?: string;
  success: string;
  failure: string;
  listKey: QueryKey;
  onDeleted?: (id: number) => void;
}) {
  const confirm = useConfirmDelete();
  const notify = useNotify();
  const refresh = useRefresh();
  const mutation = useMutation({
    mutationFn: opts.remove,
    onSuccess: (_data, id) => {
      notify.success(opts.success);
      opts.onDeleted?.(id);
    },
    onError: (e) => notify.error(opts.failure, errorMessage(e)),
    onSettled: () => refresh(opts.listKey),
  });
  return (item: { id: number; name: string }) =>
    confirm({ question: opts.question, subject: item.name, confirmLabel: opts.confirmLabel, onConfirm: () => mutation.mutate(item.id) });
}
