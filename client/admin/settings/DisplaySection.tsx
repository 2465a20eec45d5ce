import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Switch } from '@mantine/core';
import { LIMITS } from '../../../shared/limits.ts';
import { SettingsSection } from '../common/SettingsSection.tsx';
import { SliderField } from '../common/SliderField.tsx';
import type { SiteForm } from './site-form.ts';

/** Discount tag and product page thumbnails (spec §3 Display; thumbnail size 60–150, step 10). */
export function DisplaySection({ form }: { form: SiteForm }) {
  const { t } = useLingui();
  const size = LIMITS.thumbnailSize;
  return (
    <SettingsSection title={<Trans>Exibição</Trans>}>
      <Stack gap="sm">
        <Switch
          label={t`Mostrar a etiqueta de desconto`}
          description={t`A porcentagem de desconto sobre o preço antigo.`}
          {...form.getInputProps('show_discount_tag', { type: 'checkbox' })}
        />
        <Switch
          label={t`Mostrar miniaturas na página do produto`}
          {...form.getInputProps('show_product_thumbnails', { type: 'checkbox' })}
        />
      </Stack>
      {form.values.show_product_thumbnails && (
        <SliderField
          label={t`Tamanho das miniaturas`}
          min={size.min}
          max={size.max}
          step={size.step}
          unit="px"
          {...form.getInputProps('product_thumbnail_size')}
        />
      )}
    </SettingsSection>
  );
}
