import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useLingui } from '@lingui/react/macro';
import { Stack, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { ProductAdminRow } from '../../../shared/product-admin.ts';
import { useFirstRows } from '../crud/useFirstRows.ts';
import { SortableRow } from './SortableRow.tsx';
import { useAnnouncements } from './useAnnouncements.ts';
import type { Move } from './useProductMove.ts';

/**
 * One page of a list's products in order: dragged with the mouse or a finger, or with the keyboard
 * (space, arrows, space) within the page, moved with the up/down buttons (across pages too), or
 * sent to a typed place. Every move is handed to `onMove` at once, as the product and its new
 * 1-based place in the whole list. The first `homeCount` places are on the home page.
 */
export function SortableProductList({
  items,
  offset,
  total,
  homeCount,
  onMove,
}: {
  items: ProductAdminRow[];
  /** Products of the list before this page. */
  offset: number;
  total: number;
  homeCount: number;
  onMove: (move: Move) => void;
}) {
  const { t } = useLingui();
  const [said, setSaid] = useState('');
  // A page of 100 rows (each a drag handle, a place button with its popover, an image and two buttons).
  const rows = useFirstRows(items);
  // One media query for the page, not one per row (the up/down buttons stack on a phone).
  const narrow = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const accessibility = useAnnouncements(items, offset, total);
  const move = (p: ProductAdminRow, from: number, to: number, announce: boolean) => {
    if (from === to || to < 1 || to > total) return;
    if (announce) {
      const title = p.title;
      const place = to;
      setSaid(t`${title} movido para a posição ${place} de ${total}.`);
    }
    onMove({ id: p.id, title: p.title, position: to });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((p) => p.id === active.id);
    const to = rows.findIndex((p) => p.id === over.id);
    const p = rows[from];
    if (p && to >= 0) move(p, offset + from + 1, offset + to + 1, false);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={rows.map((p) => p.id)} strategy={verticalListSortingStrategy}>
        <Stack gap={6}>
          {rows.map((p, index) => {
            const place = offset + index + 1;
            return (
              <SortableRow
                key={p.id}
                product={p}
                place={place}
                total={total}
                onHome={place <= homeCount}
                narrow={narrow}
                onMove={(to) => move(p, place, to, true)}
              />
            );
          })}
        </Stack>
      </SortableContext>
      <VisuallyHidden aria-live="polite">{said}</VisuallyHidden>
    </DndContext>
  );
}
