import { useLingui } from '@lingui/react/macro';
import { type QueryKey, useMutation } from '@tanstack/react-query';
import { useNotify } from '../common/notify.ts';
import { errorMessage } from '../common/server-errors.ts';
import { useConfirm } from '../common/useConfirm.tsx';
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
  const { t } = useLingui();
  const confirm = useConfirm();
  const notify = useNotify();
  const refresh = useRefresh();
  const mutation = useMutation({
    mutationFn: opts.remove,
    onSuccess: (_data, id) => {
      notify.success(opts.success);
      opts.onDeleted?.(id);
    },
    onError: (e) => notify.error({ title: opts.failure, message: errorMessage(e) }),
    onSettled: () => refresh(opts.listKey),
  });
  return (item: { id: number; name: string }) =>
    confirm({
      question: opts.question,
      detail: item.name,
      confirmLabel: opts.confirmLabel ?? t`Excluir`,
      onConfirm: () => mutation.mutate(item.id),
    });
}
