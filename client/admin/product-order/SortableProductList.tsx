import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useLingui } from '@lingui/react/macro';
import { Stack, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { ProductDto } from '../../../shared/catalog.ts';
import { SortableRow } from './SortableRow.tsx';
import { useAnnouncements } from './useAnnouncements.ts';

/**
 * One list's products in order: dragged with the mouse or a finger, or with the keyboard (space,
 * arrows, space), or moved with the up/down buttons. Every move is handed to `onReorder` at once.
 * `homeCount` products from the top are on the home page (every one when null).
 */
export function SortableProductList({
  items,
  homeCount,
  onReorder,
}: {
  items: ProductDto[];
  homeCount: number | null;
  onReorder: (ordered: ProductDto[]) => void;
}) {
  const { t } = useLingui();
  const [said, setSaid] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const accessibility = useAnnouncements(items);
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= items.length) return;
    const ordered = arrayMove(items, from, to);
    const title = ordered[to]?.title ?? '';
    const place = to + 1;
    const total = items.length;
    setSaid(t`${title} movido para a posição ${place} de ${total}.`);
    onReorder(ordered);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(
      arrayMove(
        items,
        items.findIndex((p) => p.id === active.id),
        items.findIndex((p) => p.id === over.id),
      ),
    );
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={items.map((p) => p.id)} strategy={verticalListSortingStrategy}>
        <Stack gap={6}>
          {items.map((p, index) => (
            <SortableRow
              key={p.id}
              product={p}
              index={index}
              count={items.length}
              onHome={homeCount === null || index < homeCount}
              onMove={move}
            />
          ))}
        </Stack>
      </SortableContext>
      <VisuallyHidden aria-live="polite">{said}</VisuallyHidden>
    </DndContext>
  );
}
