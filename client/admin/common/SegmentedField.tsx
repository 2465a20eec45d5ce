import { Input, SegmentedControl } from '@mantine/core';
import { useId } from 'react';

export type SegmentedFieldProps<V extends string> = {
  label: string;
  value?: V;
  onChange?: (value: V) => void;
  data: { value: V; label: string }[];
  description?: React.ReactNode;
  error?: React.ReactNode;
};

/** A choice among a few fixed options (left/center/right...), labelled for screen readers as a radio group. */
export function SegmentedField<V extends string>({ label, value, onChange, data, description, error }: SegmentedFieldProps<V>) {
  const id = useId();
  return (
    <Input.Wrapper labelElement="div" id={id} label={label} description={description} error={error}>
      <SegmentedControl mt={4} fullWidth value={value} onChange={(v) => onChange?.(v as V)} data={data} aria-labelledby={`${id}-label`} />
    </Input.Wrapper>
  );
}
