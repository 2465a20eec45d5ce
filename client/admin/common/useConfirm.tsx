import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/**
 * Asks before a destructive action (spec §5 "Delete confirmations"): a modal titled with the spec's
 * question ('Remover este link?'), an optional detail (what is removed) and 'Remover' / 'Cancelar'.
 */
export function useConfirmRemoval() {
  const { t } = useLingui();
  return (question: string, onConfirm: () => void, detail?: ReactNode) =>
    modals.openConfirmModal({
      title: question,
      children: detail ? <Text size="sm">{detail}</Text> : null,
      labels: { confirm: t`Remover`, cancel: t`Cancelar` },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t`Fechar` },
      onConfirm,
    });
}
