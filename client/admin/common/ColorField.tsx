import { useLingui } from '@lingui/react/macro';
import { Button, ColorInput, type ColorInputProps } from '@mantine/core';

export type ColorFieldProps = Omit<ColorInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  value?: string;
  onChange?: (value: string) => void;
  /** The setting may be 'default' (the theme's colour): a 'Padrão' button sets it. */
  allowDefault?: boolean;
};

/**
 * A colour setting: a picker (the swatch opens it) and the same value as text (spec §5). The
 * server contract (shared/css-color.ts) keeps only colours: hex, rgb()/hsl(), a colour name or,
 * where allowed, 'default'. Spread `form.getInputProps('field')` into it; its `error` shows in place.
 */
export function ColorField({ allowDefault, value = '', onChange = () => {}, ...props }: ColorFieldProps) {
  const { t } = useLingui();
  const isDefault = value === 'default';
  return (
    <ColorInput
      {...props}
      value={value}
      onChange={onChange}
      format="hex"
      fixOnBlur={false}
      withEyeDropper={false}
      swatches={['#003e64', '#00385a', '#FF6B35', '#2A4F6E', '#1a1a1a', '#ffffff', '#E8F5E9', '#2E7D32', '#4CAF50', '#000000']}
      swatchesPerRow={10}
      placeholder={t`Escolha ou digite uma cor`}
      rightSectionWidth={allowDefault ? 76 : undefined}
      rightSectionPointerEvents="all"
      rightSection={
        allowDefault ? (
          <Button
            size="compact-xs"
            variant={isDefault ? 'light' : 'subtle'}
            onClick={() => onChange('default')}
            aria-pressed={isDefault}
            title={t`Usar a cor padrão do tema`}
          >
            {t`Padrão`}
          </Button>
        ) : undefined
      }
    />
  );
}
