import { useLingui } from '@lingui/react/macro';
import { Button, Group, NumberInput, Popover } from '@mantine/core';
import { useState } from 'react';

/**
 * The product's place in its list, as a button that opens a 'Nova posição' field: the way to send a
 * product far (page 40 to the top) without dragging it through every page.
 */
export function MoveToPosition({
  title,
  place,
  total,
  onMove,
}: {
  title: string;
  place: number;
  total: number;
  onMove: (position: number) => void;
}) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<number | string>(place);
  const submit = () => {
    const to = Math.min(Math.max(Math.trunc(Number(value)), 1), total);
    setOpened(false);
    if (Number.isFinite(to) && to !== place) onMove(to);
  };
  const label = t`Posição ${place} de ${total}: mover ${title} para outra posição`;
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow position="bottom-start" shadow="md">
      <Popover.Target>
        <Button
          variant="default"
          size="compact-sm"
          miw={44}
          aria-label={label}
          title={label}
          onClick={() => {
            setValue(place);
            setOpened((o) => !o);
          }}
          style={{ flexShrink: 0 }}
        >
          {place}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <NumberInput
              label={t`Nova posição (1 a ${total})`}
              value={value}
              onChange={setValue}
              min={1}
              max={total}
              allowDecimal={false}
              allowNegative={false}
              w={140}
              data-autofocus
            />
            <Button type="submit">{t`Mover`}</Button>
          </Group>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
