import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export type ConfirmRequest = {
  /** The spec's question, as the modal's title ('Remover este link?', 'Excluir banner?', ...). */
  question: string;
  /** What is about to go (a name, a label), shown under the question. */
  detail?: ReactNode;
  /** The red button's text: 'Remover', 'Excluir', 'Deletar' (spec §5). */
  confirmLabel: string;
  onConfirm: () => void;
};

/**
 * Asks before a destructive action (spec §5 "Delete confirmations"): a modal titled with the spec's
 * question, what is about to go as body, a red confirm button and 'Cancelar'; its close button is named.
 */
export function useConfirm() {
  const { t } = useLingui();
  return (request: ConfirmRequest) =>
    modals.openConfirmModal({
      title: request.question,
      children: request.detail ? (
        <Text size="sm" lineClamp={3}>
          {request.detail}
        </Text>
      ) : null,
      labels: { confirm: request.confirmLabel, cancel: t`Cancelar` },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t`Fechar` },
      onConfirm: request.onConfirm,
    });
}
