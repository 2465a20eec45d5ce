import { Trans, useLingui } from '@lingui/react/macro';
import type { CollectionDto } from '../../../shared/catalog.ts';

/** "Ordem 3": a row's sort order in the lists. */
export function SortOrderLabel({ order }: { order: number }) {
  return <Trans>Ordem {order}</Trans>;
}

/** A collection's name for pickers, saying when it is inactive (hidden from the store). */
export function useCollectionLabel() {
  const { t } = useLingui();
  return (c: CollectionDto) => {
    const name = c.name;
    return c.active ? name : t`${name} (inativa)`;
  };
}
