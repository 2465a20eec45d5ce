import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { LIMITS } from '../../../shared/limits.ts';
import { ColorField } from '../common/ColorField.tsx';
import { ContrastHint } from '../common/ContrastHint.tsx';
import { ImageUploadField } from '../common/ImageUploadField.tsx';
import { SettingsFormLayout } from '../common/SettingsFormLayout.tsx';
import { SettingsSection } from '../common/SettingsSection.tsx';
import { SliderField } from '../common/SliderField.tsx';
import { useSettingsForm } from '../common/useSettingsForm.ts';
import { FooterIcons } from './FooterIcons.tsx';
import { FooterSections } from './FooterSections.tsx';

const FOOTER_KEYS = [
  'footer_bg_color',
  'footer_text_color',
  'footer_use_image',
  'footer_image_url',
  'footer_show_logo',
  'copyright_text',
  'payment_icon_size',
] as const;

/** Admin section 'Footer' (spec §2, §3 "Footer"): look and copyright, payment icons, link sections. */
export function FooterPage() {
  const { t } = useLingui();
  const { form, settings, onSubmit, ...state } = useSettingsForm({
    keys: FOOTER_KEYS,
    extra: { footer_image: null as File | null },
    success: t`Footer atualizado`,
    failure: t`Erro ao salvar`,
  });
  const v = form.values;
  const year = new Date().getFullYear();
  const shopName = settings?.site_title || 'Minha Loja';
  const defaultCopyright = `© ${year} ${shopName}. ${t`Todos os direitos reservados.`}`;
  const size = LIMITS.paymentIconSize;
  return (
    <SettingsFormLayout
      title={t`Footer`}
      state={state}
      onSubmit={onSubmit}
      after={
        <Stack>
          <FooterIcons iconSize={v.payment_icon_size ?? size.default} />
          <FooterSections />
        </Stack>
      }
    >
      <SettingsSection title={<Trans>Aparência</Trans>}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ColorField label={t`Cor de fundo`} {...form.getInputProps('footer_bg_color')} />
          <ColorField label={t`Cor do texto`} {...form.getInputProps('footer_text_color')} />
        </SimpleGrid>
        <ContrastHint text={v.footer_text_color} background={v.footer_bg_color} />
        <Switch
          label={t`Mostrar o logo`}
          description={t`Sem logo, o rodapé mostra o nome da loja.`}
          {...form.getInputProps('footer_show_logo', { type: 'checkbox' })}
        />
        <Switch
          label={t`Usar uma imagem no lugar do rodapé`}
          description={t`O rodapé mostra só a imagem (altura mínima de 400 px), sem links nem textos.`}
          {...form.getInputProps('footer_use_image', { type: 'checkbox' })}
        />
        {v.footer_use_image && (
          <ImageUploadField
            label={t`Imagem do rodapé`}
            currentUrl={v.footer_image_url}
            value={v.footer_image}
            onChange={(file) => form.setFieldValue('footer_image', file)}
            onRemove={() => form.setFieldValue('footer_image_url', '')}
            error={form.errors.footer_image}
            previewHeight={110}
          />
        )}
      </SettingsSection>
      <SettingsSection title={<Trans>Textos e ícones</Trans>}>
        <TextInput
          label={t`Texto de copyright`}
          description={t`Em branco, a loja mostra: ${defaultCopyright}`}
          maxLength={500}
          {...form.getInputProps('copyright_text')}
        />
        <SliderField
          label={t`Tamanho dos ícones de pagamento`}
          min={size.min}
          max={size.max}
          step={size.step}
          unit="px"
          {...form.getInputProps('payment_icon_size')}
        />
      </SettingsSection>
    </SettingsFormLayout>
  );
}
