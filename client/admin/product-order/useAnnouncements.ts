import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import type { ProductAdminRow } from '../../../shared/product-admin.ts';

/**
 * What a screen reader hears while a product is dragged with the keyboard (or the mouse), in
 * Portuguese; places are counted in the whole list, the page starting after `offset` products.
 */
export function useAnnouncements(
  items: ProductAdminRow[],
  offset: number,
  total: number,
): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  const { t } = useLingui();
  // Right after the pick-up the product is "over" itself: that says nothing new, so the pick-up is heard.
  const justPicked = useRef(false);
  const titleOf = (id: unknown) => items.find((p) => p.id === id)?.title ?? '';
  const placeOf = (id: unknown) => offset + items.findIndex((p) => p.id === id) + 1;
  return {
    screenReaderInstructions: {
      draggable: t`Para mover um produto, pressione espaço ou Enter. Use as setas para cima e para baixo para mudar a posição e pressione espaço ou Enter de novo para soltar, ou Esc para cancelar.`,
    },
    announcements: {
      onDragStart: ({ active }) => {
        justPicked.current = true;
        const title = titleOf(active.id);
        const place = placeOf(active.id);
        return t`${title} levantado, na posição ${place} de ${total}.`;
      },
      onDragOver: ({ active, over }) => {
        const quiet = justPicked.current && over?.id === active.id;
        justPicked.current = false;
        if (!over || quiet) return undefined;
        const title = titleOf(active.id);
        const place = placeOf(over.id);
        return t`${title} movido para a posição ${place} de ${total}.`;
      },
      onDragEnd: ({ active, over }) => {
        if (!over) return undefined;
        const title = titleOf(active.id);
        const place = placeOf(over.id);
        return t`${title} solto na posição ${place} de ${total}.`;
      },
      onDragCancel: ({ active }) => {
        const title = titleOf(active.id);
        return t`Movimento cancelado: ${title} voltou ao lugar.`;
      },
    },
  };
}
