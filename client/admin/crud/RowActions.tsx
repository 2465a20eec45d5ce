import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Flex, Group } from '@mantine/core';
import { IconDown, IconEdit, IconTrash, IconUp } from '../common/icons.tsx';

/** Up/down buttons of a sortable list; the first item cannot go up nor the last go down (spec §5). */
export function MoveButtons({
  name,
  index,
  count,
  onMove,
  disabled,
  vertical,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  disabled?: boolean;
  /** One above the other, where a row is narrow. */
  vertical?: boolean;
}) {
  const { t } = useLingui();
  const up = t`Mover ${name} para cima`;
  const down = t`Mover ${name} para baixo`;
  return (
    <Flex direction={vertical ? 'column' : 'row'} gap={2}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={up}
        title={up}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <IconUp />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={down}
        title={down}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <IconDown />
      </ActionIcon>
    </Flex>
  );
}

/** Edit and delete buttons of a list row, named after the row for screen readers. */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useLingui();
  const edit = t`Editar ${name}`;
  const remove = t`Excluir ${name}`;
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" size="lg" aria-label={edit} title={edit} onClick={onEdit}>
        <IconEdit />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="lg" aria-label={remove} title={remove} onClick={onDelete}>
        <IconTrash />
      </ActionIcon>
    </Group>
  );
}
