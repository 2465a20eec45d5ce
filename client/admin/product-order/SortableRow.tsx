import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Box, Group, Image, Paper, Text } from '@mantine/core';
import { imageUrl } from '../../../shared/image-url.ts';
import type { ProductAdminRow } from '../../../shared/product-admin.ts';
import { IconGrip } from '../common/icons.tsx';
import { MoveButtons } from '../crud/RowActions.tsx';
import { MoveToPosition } from './MoveToPosition.tsx';

/**
 * One product of the order list: a drag handle (mouse, touch or keyboard), its place in the whole
 * list (a button to send it to another place), and up/down buttons.
 */
export function SortableRow({
  product,
  place,
  total,
  onHome,
  narrow,
  onMove,
}: {
  product: ProductAdminRow;
  /** 1-based, in the whole list (every page). */
  place: number;
  total: number;
  onHome: boolean;
  /** A phone-wide screen: the up/down buttons one above the other. */
  narrow: boolean;
  /** Moves the product to a 1-based place in the whole list. */
  onMove: (position: number) => void;
}) {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: product.id,
    attributes: { roleDescription: t`item reordenável` },
  });
  const title = product.title;
  const drag = t`Arrastar ${title}`;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      shadow={isDragging ? 'md' : undefined}
      data-testid="order-row"
      data-title={title}
      style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined }}
    >
      <Group wrap="nowrap" gap="xs">
        <ActionIcon
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={drag}
          title={drag}
          style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <IconGrip />
        </ActionIcon>
        <MoveToPosition title={title} place={place} total={total} onMove={onMove} />
        <Image src={imageUrl(product.thumb_url)} alt="" w={40} h={40} radius="sm" fit="cover" style={{ flexShrink: 0 }} visibleFrom="xs" />
        <Box flex={1} miw={0}>
          <Text size="sm" fw={600} lineClamp={2} lh={1.3}>
            {title}
          </Text>
          {onHome && (
            <Badge size="sm" color="teal.9" tt="none" mt={4}>
              {t`Na página inicial`}
            </Badge>
          )}
        </Box>
        <MoveButtons name={title} index={place - 1} count={total} onMove={(_from, to) => onMove(to + 1)} vertical={narrow} />
      </Group>
    </Paper>
  );
}
