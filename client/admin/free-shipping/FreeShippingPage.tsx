import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { normalizeMoney } from '../../../shared/coerce.ts';
import { CURRENCIES, type CurrencyCode, DEFAULT_CURRENCY } from '../../../shared/currencies.ts';
import { thresholdText } from '../../../shared/free-shipping.ts';
import { FREE_SHIPPING_KEYS } from '../../../shared/free-shipping-settings.ts';
import adminText from '../common/admin-text.module.css';
import { SettingsFormLayout } from '../common/SettingsFormLayout.tsx';
import { SettingsSection } from '../common/SettingsSection.tsx';
import { useSettingsForm } from '../common/useSettingsForm.ts';

/**
 * 'Frete grátis' (issue 18 part 3): the threshold, on or off, and where the line shows: the
 * announcement bar at the top of every page and the product page. A display promise: the note
 * says the Shopify checkout's shipping rates must honour it.
 */
export function FreeShippingPage() {
  const { t } = useLingui();
  const { form, onSubmit, settings, ...state } = useSettingsForm({
    keys: FREE_SHIPPING_KEYS,
    success: { title: t`Frete grátis atualizado`, message: t`As configurações foram salvas com sucesso.` },
    failure: { title: t`Erro ao salvar`, message: t`Não foi possível salvar as configurações.` },
  });
  const currency = (settings?.currency as CurrencyCode | undefined) ?? DEFAULT_CURRENCY;
  const amount = form.getInputProps('free_shipping_threshold');
  const on = form.values.free_shipping_enabled;
  const normalised = normalizeMoney(String(form.values.free_shipping_threshold ?? ''));
  const example = normalised && Number(normalised) > 0 ? thresholdText(normalised, currency) : null;
  return (
    <SettingsFormLayout
      title={t`Frete grátis`}
      state={state}
      onSubmit={onSubmit}
      preview={
        state.ready && (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="xs">
              <Title order={3} size="h4">
                <Trans>Como aparece na loja</Trans>
              </Title>
              {on && example ? (
                <Text fw={600} data-testid="free-shipping-preview">
                  <Trans>Frete grátis acima de {example}</Trans>
                </Text>
              ) : (
                <Text c="dimmed">
                  <Trans>Desligado: a loja não mostra o frete grátis.</Trans>
                </Text>
              )}
            </Stack>
          </Paper>
        )
      }
    >
      <Alert color="yellow" variant="light" title={t`Promessa exibida na loja`} classNames={{ title: adminText.warning }}>
        <Trans>
          Este aviso só muda o que a loja mostra. Configure as taxas de frete do checkout da Shopify para que pedidos acima do valor tenham
          frete grátis.
        </Trans>
      </Alert>
      <SettingsSection title={<Trans>Frete grátis</Trans>} description={<Trans>Mostre a partir de que valor o frete é grátis.</Trans>}>
        <Switch label={t`Oferecer frete grátis`} {...form.getInputProps('free_shipping_enabled', { type: 'checkbox' })} />
        <TextInput
          label={t`Valor mínimo do pedido`}
          leftSection={CURRENCIES[currency].symbol}
          leftSectionWidth={48}
          inputMode="decimal"
          maw={280}
          {...amount}
          // Shown with a decimal comma ('199,00'); the server takes either separator.
          value={String(amount.value ?? '').replace('.', ',')}
        />
      </SettingsSection>
      <SettingsSection title={<Trans>Onde mostrar</Trans>}>
        <Switch
          label={t`Na barra de avisos, no topo de todas as páginas`}
          disabled={!on}
          {...form.getInputProps('free_shipping_show_top', { type: 'checkbox' })}
        />
        <Switch
          label={t`Na página do produto, abaixo do preço`}
          description={t`Um produto que sozinho atinge o valor mostra 'Frete grátis para este produto'.`}
          disabled={!on}
          {...form.getInputProps('free_shipping_show_product', { type: 'checkbox' })}
        />
      </SettingsSection>
    </SettingsFormLayout>
  );
}
