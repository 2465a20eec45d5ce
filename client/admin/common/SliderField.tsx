import { Group, Input, Slider, Text } from '@mantine/core';
import { useId } from 'react';

export type SliderFieldProps = {
  label: string;
  value?: number;
  onChange?: (value: number) => void;
  min: number;
  max: number;
  step: number;
  /** Shown after the number: 'px', '%'. */
  unit?: string;
  description?: React.ReactNode;
  error?: React.ReactNode;
};

/**
 * A numeric setting on a slider with its range (spec §5 sliders): the current value is shown next to
 * the label and read out by screen readers with its unit. Spread `form.getInputProps('field')` into it.
 */
export function SliderField({ label, value = 0, onChange, min, max, step, unit = '', description, error }: SliderFieldProps) {
  const id = useId();
  const text = `${value}${unit ? ` ${unit}` : ''}`;
  return (
    <Input.Wrapper
      labelElement="div"
      id={id}
      label={
        <Group justify="space-between" gap="xs" component="span" wrap="nowrap">
          <span>{label}</span>
          <Text span fw={700} size="sm" aria-hidden>
            {text}
          </Text>
        </Group>
      }
      labelProps={{ style: { display: 'block' } }}
      description={description}
      error={error}
    >
      <Slider
        mt="xs"
        mb="lg"
        value={value}
        onChange={onChange}
        min={min}
        max={max}
        step={step}
        thumbLabel={label}
        label={(v) => `${v}${unit ? ` ${unit}` : ''}`}
        marks={[
          { value: min, label: `${min}${unit}` },
          { value: max, label: `${max}${unit}` },
        ]}
        styles={{ markLabel: { fontSize: 'var(--mantine-font-size-xs)' } }}
      />
    </Input.Wrapper>
  );
}
