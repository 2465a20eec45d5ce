import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { CURRENCIES, type CurrencyCode } from '../../../shared/currencies.ts';
import { LOCALE_NAMES } from '../../../shared/locales.ts';
import type { AdminSettings } from '../../../shared/settings-input.ts';
import { GrowingTextarea } from '../common/GrowingTextarea.tsx';
import { ImageUploadField } from '../common/ImageUploadField.tsx';
import { SettingsSection } from '../common/SettingsSection.tsx';
import type { SiteForm } from './site-form.ts';

/** Title, description, logo and favicon; language and currency shown read-only (they change in 'Idioma e Moeda'). */
export function SiteSection({ form, settings }: { form: SiteForm; settings: AdminSettings }) {
  const { t } = useLingui();
  const currency = CURRENCIES[settings.currency as CurrencyCode];
  return (
    <SettingsSection
      title={<Trans>Loja</Trans>}
      description={<Trans>Nome, descrição e imagens que aparecem na loja e na aba do navegador.</Trans>}
    >
      <TextInput label={t`Título do site`} withAsterisk maxLength={200} {...form.getInputProps('site_title')} />
      <GrowingTextarea label={t`Descrição do site`} minRows={2} maxRows={5} maxLength={1000} {...form.getInputProps('site_description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <ImageUploadField
          label={t`Logo`}
          description={t`Mostrado no cabeçalho e no rodapé.`}
          currentUrl={form.values.logo_url}
          value={form.values.logo}
          onChange={(file) => form.setFieldValue('logo', file)}
          onRemove={() => form.setFieldValue('logo_url', '')}
          error={form.errors.logo}
          transparentBackground
        />
        <ImageUploadField
          label={t`Favicon`}
          description={t`O ícone da aba do navegador.`}
          currentUrl={form.values.favicon_url}
          value={form.values.favicon}
          onChange={(file) => form.setFieldValue('favicon', file)}
          onRemove={() => form.setFieldValue('favicon_url', '')}
          error={form.errors.favicon}
          previewHeight={64}
          transparentBackground
        />
      </SimpleGrid>
      <Group gap="xl" data-testid="locale-currency">
        <div>
          <Text size="sm" fw={500}>
            <Trans>Idioma da loja</Trans>
          </Text>
          <Text size="sm">{LOCALE_NAMES[settings.locale]}</Text>
        </div>
        <div>
          <Text size="sm" fw={500}>
            <Trans>Moeda</Trans>
          </Text>
          <Text size="sm">{currency ? `${currency.symbol} · ${currency.name} (${settings.currency})` : settings.currency}</Text>
        </div>
        <Button component={Link} to="/admin/idioma" variant="default" size="xs">
          <Trans>Alterar em Idioma e Moeda</Trans>
        </Button>
      </Group>
    </SettingsSection>
  );
}
