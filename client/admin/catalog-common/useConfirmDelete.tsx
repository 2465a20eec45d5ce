import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * The spec's delete confirmations (§5: 'Excluir banner?', 'Deletar este produto?', ...) as a modal:
 * the question as title, what is about to go as body, a red confirm button.
 */
export function useConfirmDelete() {
  const { t } = useLingui();
  return (opts: { question: string; subject?: string; confirmLabel?: string; onConfirm: () => void }) =>
    modals.openConfirmModal({
      title: opts.question,
      children: opts.subject ? (
        <Text size="sm" lineClamp={3}>
          {opts.subject}
        </Text>
      ) : null,
      labels: { confirm: opts.confirmLabel ?? t`Excluir`, cancel: t`Cancelar` },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t`Fechar` },
      onConfirm: opts.onConfirm,
    });
}
