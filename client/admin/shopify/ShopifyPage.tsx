import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, TextInput } from '@mantine/core';
import { LIMITS } from '../../../shared/limits.ts';
import { ColorField } from '../common/ColorField.tsx';
import { ContrastHint } from '../common/ContrastHint.tsx';
import { SettingsFormLayout } from '../common/SettingsFormLayout.tsx';
import { SettingsSection } from '../common/SettingsSection.tsx';
import { SliderField } from '../common/SliderField.tsx';
import { useSettingsForm } from '../common/useSettingsForm.ts';
import { ShopifyInfo, usePairTexts } from './ShopifyInfo.tsx';
import { ShopifyPreview } from './ShopifyPreview.tsx';
import { SHOPIFY_KEYS, SHOPIFY_PAIRS } from './shopify-form.ts';

/** 'Customização Shopify' (spec §2): the shop connection, the Buy Button colours and sizes, a live preview. */
export function ShopifyPage() {
  const { t } = useLingui();
  const texts = usePairTexts();
  const { form, onSubmit, ...state } = useSettingsForm({
    keys: SHOPIFY_KEYS,
    success: { title: t`Shopify atualizado`, message: t`As configurações foram salvas com sucesso.` },
    failure: { title: t`Erro ao salvar`, message: t`Não foi possível salvar as configurações.` },
  });
  const width = LIMITS.productButtonWidth;
  const height = LIMITS.productButtonHeight;
  return (
    <SettingsFormLayout
      title={t`Customização Shopify`}
      state={state}
      onSubmit={onSubmit}
      preview={state.ready && <ShopifyPreview values={form.values} />}
      after={<ShopifyInfo />}
    >
      <SettingsSection
        title={<Trans>Conexão com a Shopify</Trans>}
        description={<Trans>O domínio da loja e o token público da Storefront API, usados pelo carrinho e pelos botões de compra.</Trans>}
      >
        <TextInput
          label={t`Domínio da loja`}
          description={t`Ex.: minha-loja.myshopify.com`}
          maxLength={255}
          {...form.getInputProps('shopify_domain')}
        />
        <TextInput
          label={t`Token da Storefront API`}
          maxLength={255}
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('shopify_token')}
        />
      </SettingsSection>
      {SHOPIFY_PAIRS.map((pair) => (
        <SettingsSection key={pair.id} title={texts[pair.id].title}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ColorField label={texts[pair.id].bg} {...form.getInputProps(pair.bg)} />
            <ColorField label={texts[pair.id].text} {...form.getInputProps(pair.text)} />
          </SimpleGrid>
          <ContrastHint text={form.values[pair.text]} background={form.values[pair.bg]} />
        </SettingsSection>
      ))}
      <SettingsSection title={<Trans>Tamanho dos botões da página de produto</Trans>}>
        <SliderField
          label={t`Largura`}
          min={width.min}
          max={width.max}
          step={width.step}
          unit="%"
          {...form.getInputProps('product_button_width_percent')}
        />
        <SliderField
          label={t`Altura`}
          min={height.min}
          max={height.max}
          step={height.step}
          unit="px"
          {...form.getInputProps('product_button_height_px')}
        />
      </SettingsSection>
    </SettingsFormLayout>
  );
}
