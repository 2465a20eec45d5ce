import { Trans, useLingui } from '@lingui/react/macro';
import { Select, Switch, TextInput } from '@mantine/core';
import { WHATSAPP_MESSAGE_MAX } from '../../../shared/whatsapp-input.ts';
import { GrowingTextarea } from '../common/GrowingTextarea.tsx';
import { SettingsFormLayout } from '../common/SettingsFormLayout.tsx';
import { SettingsSection } from '../common/SettingsSection.tsx';
import { useSettingsForm } from '../common/useSettingsForm.ts';
import { HoursEditor } from './HoursEditor.tsx';
import { WhatsAppPreview } from './WhatsAppPreview.tsx';
import { BRAZIL_TIME_ZONES, WHATSAPP_KEYS } from './whatsapp-form.ts';

/**
 * 'WhatsApp' (issue 18): the number the storefront's floating button and 'Comprar pelo WhatsApp'
 * open, the default message and the hours the shop answers, in its time zone. The server checks
 * and normalises the number (E.164, +55 by default).
 */
export function WhatsAppPage() {
  const { t } = useLingui();
  const { form, onSubmit, settings, ...state } = useSettingsForm({
    keys: WHATSAPP_KEYS,
    success: { title: t`WhatsApp atualizado`, message: t`As configurações foram salvas com sucesso.` },
    failure: { title: t`Erro ao salvar`, message: t`Não foi possível salvar as configurações.` },
  });
  const v = form.values;
  const zones: Record<string, string> = {
    'America/Sao_Paulo': t`Horário de Brasília (UTC−3)`,
    'America/Manaus': t`Amazonas, Mato Grosso, Rondônia e Roraima (UTC−4)`,
    'America/Rio_Branco': t`Acre e sudoeste do Amazonas (UTC−5)`,
    'America/Noronha': t`Fernando de Noronha (UTC−2)`,
  };
  const zoneOptions = [...BRAZIL_TIME_ZONES, ...(v.time_zone && !(v.time_zone in zones) ? [v.time_zone] : [])].map((z) => ({
    value: z,
    label: zones[z] ?? z,
  }));
  return (
    <SettingsFormLayout
      title={t`WhatsApp`}
      state={state}
      onSubmit={onSubmit}
      preview={state.ready && settings && <WhatsAppPreview values={v} siteTitle={settings.site_title} />}
    >
      <SettingsSection
        title={<Trans>Número</Trans>}
        description={<Trans>A loja mostra um botão de WhatsApp em todas as páginas e 'Comprar pelo WhatsApp' em cada produto.</Trans>}
      >
        <TextInput
          label={t`Número do WhatsApp`}
          description={t`Com DDD, ex.: (11) 98765-4321; sem código do país vale +55. De outro país: com +, ex.: +351 912 345 678. Vazio: sem WhatsApp na loja.`}
          inputMode="tel"
          autoComplete="tel"
          {...form.getInputProps('whatsapp_number')}
        />
        <GrowingTextarea
          label={t`Mensagem padrão (opcional)`}
          description={t`Já vem escrita quando o cliente toca no botão. Vazia: uma saudação com o nome da loja.`}
          minRows={2}
          maxLength={WHATSAPP_MESSAGE_MAX}
          {...form.getInputProps('whatsapp_message')}
        />
      </SettingsSection>
      <SettingsSection
        title={<Trans>Horário de atendimento</Trans>}
        description={
          <Trans>Fora do horário, o botão diz quando vocês respondem, por exemplo 'Respondemos a partir de segunda-feira, 9h'.</Trans>
        }
      >
        <Switch label={t`Responder só nos horários definidos`} {...form.getInputProps('whatsapp_hours_enabled', { type: 'checkbox' })} />
        <Select
          label={t`Fuso horário da loja`}
          data={zoneOptions}
          allowDeselect={false}
          disabled={!v.whatsapp_hours_enabled}
          {...form.getInputProps('time_zone')}
        />
        <HoursEditor form={form} disabled={!v.whatsapp_hours_enabled} />
      </SettingsSection>
    </SettingsFormLayout>
  );
}
