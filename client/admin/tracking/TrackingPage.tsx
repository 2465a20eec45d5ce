import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, TextInput } from '@mantine/core';
import { SettingsFormLayout } from '../common/SettingsFormLayout.tsx';
import { SettingsSection } from '../common/SettingsSection.tsx';
import { useSettingsForm } from '../common/useSettingsForm.ts';

/** The settings 'Cookies e rastreamento' edits (issue 18): the ids of the owner's analytics and ads tags. */
const TAG_FORM_KEYS = ['ga4_measurement_id', 'meta_pixel_id', 'tiktok_pixel_id'] as const;

/**
 * 'Cookies e rastreamento' (issue 18, part 4): Google Analytics 4, Meta Pixel and TikTok Pixel ids.
 * The server checks each format (shared/tracking-tags.ts); the storefront loads a tag only after
 * the shopper accepts its category in the cookie banner, which appears only while an id is set.
 */
export function TrackingPage() {
  const { t } = useLingui();
  const { form, onSubmit, ...state } = useSettingsForm({
    keys: TAG_FORM_KEYS,
    success: { title: t`Cookies e rastreamento atualizados`, message: t`As configurações foram salvas com sucesso.` },
    failure: { title: t`Erro ao salvar`, message: t`Não foi possível salvar as configurações.` },
  });
  const id = { autoComplete: 'off', spellCheck: false } as const;
  return (
    <SettingsFormLayout title={t`Cookies e rastreamento`} state={state} onSubmit={onSubmit}>
      <Alert color="blue" variant="light" title={t`Só depois do consentimento (LGPD)`}>
        <Trans>
          A loja só usa, por conta própria, os cookies necessários: a sessão do painel, o desbloqueio da loja protegida por senha e o
          carrinho da Shopify. As ferramentas abaixo só carregam depois que o visitante aceitar a categoria delas no aviso de cookies, que
          aparece quando pelo menos um ID está preenchido. Sem nenhum ID, não há aviso: não há nada a consentir. Cite as ferramentas que
          você usar na sua Política de privacidade.
        </Trans>
      </Alert>
      <SettingsSection title={<Trans>Análise</Trans>} description={<Trans>Mede visitas e páginas vistas.</Trans>}>
        <TextInput
          label={t`ID do Google Analytics 4`}
          description={t`A ID da métrica do fluxo de dados da web, no formato G-XXXXXXXXXX. Vazio desliga.`}
          placeholder={t`Ex.: G-A1B2C3D4E5`}
          {...id}
          {...form.getInputProps('ga4_measurement_id')}
        />
      </SettingsSection>
      <SettingsSection title={<Trans>Marketing</Trans>} description={<Trans>Mede o resultado de anúncios nas redes sociais.</Trans>}>
        <TextInput
          label={t`ID do Meta Pixel`}
          description={t`Só os números, como aparecem no Gerenciador de Eventos da Meta. Vazio desliga.`}
          placeholder={t`Ex.: 123456789012345`}
          inputMode="numeric"
          {...id}
          {...form.getInputProps('meta_pixel_id')}
        />
        <TextInput
          label={t`Código do TikTok Pixel`}
          description={t`Letras e números, como aparecem no Gerenciador de Eventos do TikTok. Vazio desliga.`}
          placeholder={t`Ex.: C4ABCDEFGH1234567890`}
          {...id}
          {...form.getInputProps('tiktok_pixel_id')}
        />
      </SettingsSection>
    </SettingsFormLayout>
  );
}
