import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { STATES } from '../../../shared/br-contact.ts';
import adminText from '../common/admin-text.module.css';
import { SettingsFormLayout } from '../common/SettingsFormLayout.tsx';
import { SettingsSection } from '../common/SettingsSection.tsx';
import { useSettingsForm } from '../common/useSettingsForm.ts';
import { LegalPagesEditor } from './LegalPagesEditor.tsx';
import { LEGAL_KEYS, previewOf, SHOWN_FORMATTED } from './legal-form.ts';

/**
 * 'Informações legais' (issue 18 part 3): the company data Decreto 7.962/2013 (art. 2) asks every
 * online shop to show, with a preview of the footer, and the three legal pages below.
 */
export function LegalInfoPage() {
  const { t } = useLingui();
  const { form, onSubmit, settings, ...state } = useSettingsForm({
    keys: LEGAL_KEYS,
    success: { title: t`Informações legais atualizadas`, message: t`As configurações foram salvas com sucesso.` },
    failure: { title: t`Erro ao salvar`, message: t`Não foi possível salvar as configurações.` },
  });
  const formatted = (key: keyof typeof SHOWN_FORMATTED) => {
    const props = form.getInputProps(key);
    return { ...props, value: SHOWN_FORMATTED[key](String(props.value ?? '')) };
  };
  const view = previewOf(form.values, settings?.site_title ?? '');
  return (
    <SettingsFormLayout
      title={t`Informações legais`}
      state={state}
      onSubmit={onSubmit}
      preview={state.ready && <FooterPreview view={view} />}
      after={<LegalPagesEditor />}
    >
      <Alert color="blue" variant="light" title={t`O que a lei pede`}>
        <Trans>
          O Decreto 7.962/2013 (art. 2º) exige que a loja online mostre, em local de destaque, o nome empresarial e o CNPJ (ou o nome e o
          CPF), o endereço físico e o eletrônico. Estes dados aparecem no rodapé de todas as páginas, nos dados estruturados da loja e nas
          páginas legais.
        </Trans>
      </Alert>
      <SettingsSection title={<Trans>Empresa</Trans>}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`Razão social ou nome`} maxLength={200} autoComplete="organization" {...form.getInputProps('legal_name')} />
          <TextInput
            label={t`CNPJ ou CPF`}
            description={t`Os dígitos verificadores são conferidos.`}
            maxLength={20}
            {...formatted('legal_tax_id')}
          />
        </SimpleGrid>
      </SettingsSection>
      <SettingsSection title={<Trans>Endereço</Trans>}>
        <TextInput
          label={t`Logradouro, número e complemento`}
          maxLength={200}
          autoComplete="address-line1"
          {...form.getInputProps('legal_street')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`Bairro`} maxLength={100} {...form.getInputProps('legal_district')} />
          <TextInput label={t`Cidade`} maxLength={100} autoComplete="address-level2" {...form.getInputProps('legal_city')} />
          <Select
            label={t`UF`}
            data={[...STATES]}
            searchable
            clearable
            allowDeselect={false}
            {...form.getInputProps('legal_state')}
            value={form.values.legal_state || null}
            onChange={(v) => form.setFieldValue('legal_state', v ?? '')}
          />
          <TextInput label={t`CEP`} maxLength={10} inputMode="numeric" autoComplete="postal-code" {...formatted('legal_postal_code')} />
        </SimpleGrid>
      </SettingsSection>
      <SettingsSection title={<Trans>Contato</Trans>}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`E-mail`} type="email" maxLength={254} autoComplete="email" {...form.getInputProps('legal_email')} />
          <TextInput label={t`Telefone`} type="tel" maxLength={20} autoComplete="tel" {...formatted('legal_phone')} />
        </SimpleGrid>
      </SettingsSection>
    </SettingsFormLayout>
  );
}

/** How the footer will show the data (each field as it will be saved). */
function FooterPreview({ view }: { view: ReturnType<typeof previewOf> }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          <Trans>Como aparece no rodapé</Trans>
        </Title>
        <Paper bg="dark.8" c="white" p="md" radius="md" ta="center" data-testid="legal-preview">
          <Text size="sm" fw={700}>
            {view.name}
            {view.taxId && <Text span fw={400}>{` · ${view.taxId}`}</Text>}
          </Text>
          {view.address && <Text size="sm">{view.address}</Text>}
          {(view.email || view.phone) && <Text size="sm">{[view.email, view.phone].filter(Boolean).join(' · ')}</Text>}
        </Paper>
        {!view.taxId && (
          <Text size="sm" className={adminText.warning}>
            <Trans>Falta o CNPJ ou CPF: a lei pede que ele apareça na loja.</Trans>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
