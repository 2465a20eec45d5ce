import { Trans, useLingui } from '@lingui/react/macro';
import { Group, NumberInput, SimpleGrid, Switch, Text } from '@mantine/core';
import { LIMITS } from '../../../shared/limits.ts';
import { TruckIcon } from '../../storefront/common/icons.tsx';
import { ColorField } from '../common/ColorField.tsx';
import { SettingsSection } from '../common/SettingsSection.tsx';
import type { SiteForm } from './site-form.ts';

/** Brand and storefront colours. */
export function ColorsSection({ form }: { form: SiteForm }) {
  const { t } = useLingui();
  return (
    <SettingsSection title={<Trans>Cores</Trans>}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ColorField label={t`Cor primária`} {...form.getInputProps('primary_color')} />
        <ColorField label={t`Cor de destaque`} {...form.getInputProps('accent_color')} />
        <ColorField label={t`Cor primária do site`} {...form.getInputProps('site_primary_color')} />
        <ColorField label={t`Cor de destaque do site`} {...form.getInputProps('site_accent_color')} />
      </SimpleGrid>
    </SettingsSection>
  );
}

/**
 * A day count with its spec range. Out of range, or a minimum above the maximum, the shared contract
 * puts the server's message under the field and nothing is sent (the server refuses the same).
 */
function DaysField({
  form,
  field,
  range,
}: {
  form: SiteForm;
  field: 'shipping_min_days' | 'shipping_max_days';
  range: { min: number; max: number };
}) {
  const { t } = useLingui();
  const { min, max } = range;
  return (
    <NumberInput
      label={field === 'shipping_min_days' ? t`Prazo mínimo (dias úteis)` : t`Prazo máximo (dias úteis)`}
      min={min}
      max={max}
      step={1}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      description={t`De ${min} a ${max} dias`}
      {...form.getInputProps(field)}
    />
  );
}

/** The delivery estimate box of the product page (spec §3 Shipping, §5 ranges). */
export function ShippingSection({ form }: { form: SiteForm }) {
  const { t } = useLingui();
  const v = form.values;
  const minDays = String(v.shipping_min_days);
  const maxDays = String(v.shipping_max_days);
  return (
    <SettingsSection
      title={<Trans>Prazo de entrega</Trans>}
      description={<Trans>A caixa com a previsão de entrega na página do produto.</Trans>}
    >
      <Switch label={t`Mostrar a previsão de entrega`} {...form.getInputProps('shipping_enabled', { type: 'checkbox' })} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DaysField form={form} field="shipping_min_days" range={LIMITS.shippingMinDays} />
        <DaysField form={form} field="shipping_max_days" range={LIMITS.shippingMaxDays} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <ColorField label={t`Fundo da caixa`} {...form.getInputProps('shipping_bg_color')} />
        <ColorField label={t`Texto da caixa`} {...form.getInputProps('shipping_text_color')} />
        <ColorField label={t`Ícone da caixa`} {...form.getInputProps('shipping_icon_color')} />
      </SimpleGrid>
      <Group
        gap="sm"
        p="sm"
        wrap="nowrap"
        style={{ background: v.shipping_bg_color, color: v.shipping_text_color, borderRadius: 8 }}
        aria-label={t`Pré-visualização`}
        role="group"
      >
        <Text span c={v.shipping_icon_color} display="inline-flex">
          <TruckIcon />
        </Text>
        <Text size="sm" c="inherit">
          <Trans>
            Receba em {minDays} a {maxDays} dias úteis
          </Trans>
        </Text>
      </Group>
    </SettingsSection>
  );
}

/** The 'view more' button under each home collection. */
export function ViewMoreSection({ form }: { form: SiteForm }) {
  const { t } = useLingui();
  return (
    <SettingsSection title={<Trans>Botão "Ver mais"</Trans>} description={<Trans>O botão abaixo de cada coleção na página inicial.</Trans>}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ColorField label={t`Fundo do botão`} {...form.getInputProps('view_more_button_bg_color')} />
        <ColorField label={t`Texto do botão`} {...form.getInputProps('view_more_button_text_color')} />
      </SimpleGrid>
    </SettingsSection>
  );
}
