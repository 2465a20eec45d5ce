import { ColorInput } from '@mantine/core';

/** A colour picker plus free text (spec §5: "Colour fields accept a picker or free text without further check"). */
export function ColorTextField(props: {
  label: string;
  value?: string;
  onChange?: (value: string) => void;
  error?: React.ReactNode;
  onFocus?: () => void;
  onBlur?: () => void;
}) {
  return <ColorInput {...props} format="hex" fixOnBlur={false} withEyeDropper={false} swatches={SWATCHES} swatchesPerRow={8} />;
}

const SWATCHES = ['#003e64', '#00385a', '#1a1a1a', '#ffffff', '#ff6b35', '#2e7d32', '#c62828', '#f9a825'];
