import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { CURRENCIES, type CurrencyCode, DEFAULT_CURRENCY } from '../../../shared/currencies.ts';
import { LIMITS } from '../../../shared/limits.ts';
import adminText from '../common/admin-text.module.css';
import { SettingsFormLayout } from '../common/SettingsFormLayout.tsx';
import { SettingsSection } from '../common/SettingsSection.tsx';
import { useSettingsForm } from '../common/useSettingsForm.ts';
import { PaymentPreview } from './PaymentPreview.tsx';
import { PAYMENT_KEYS, termsOf } from './payment-form.ts';

/**
 * 'Pagamento e parcelamento' (issue 18): the Pix discount and the installment terms the storefront
 * shows, with a live example. They are display promises: the note beside the fields says the
 * Shopify checkout must be set up to honour them.
 */
export function PaymentPage() {
  const { t } = useLingui();
  const { form, onSubmit, settings, ...state } = useSettingsForm({
    keys: PAYMENT_KEYS,
    success: { title: t`Pagamento atualizado`, message: t`As configurações foram salvas com sucesso.` },
    failure: { title: t`Erro ao salvar`, message: t`Não foi possível salvar as configurações.` },
  });
  const currency = (settings?.currency as CurrencyCode | undefined) ?? DEFAULT_CURRENCY;
  const count = LIMITS.installments;
  const minimum = form.getInputProps('installments_min_value');
  const percent = { decimalScale: 2, decimalSeparator: ',', allowNegative: false, suffix: ' %' } as const;
  return (
    <SettingsFormLayout
      title={t`Pagamento e parcelamento`}
      state={state}
      onSubmit={onSubmit}
      preview={state.ready && <PaymentPreview terms={termsOf(form.values)} currency={currency} />}
    >
      <Alert color="yellow" variant="light" title={t`Promessas exibidas na loja`} classNames={{ title: adminText.warning }}>
        <Trans>
          Estes valores só mudam o que a loja mostra. O checkout da Shopify precisa ser configurado para cumpri-los: o desconto no Pix e o
          parcelamento vêm dos provedores de pagamento Pix e de cartão ativados na sua conta Shopify.
        </Trans>
      </Alert>
      <SettingsSection title={<Trans>Pix</Trans>} description={<Trans>Desconto para quem paga com Pix. 0 desliga o preço no Pix.</Trans>}>
        <NumberInput
          label={t`Desconto no Pix`}
          min={LIMITS.pixDiscountPercent.min}
          max={LIMITS.pixDiscountPercent.max}
          {...percent}
          {...form.getInputProps('pix_discount_percent')}
        />
      </SettingsSection>
      <SettingsSection
        title={<Trans>Parcelamento no cartão</Trans>}
        description={<Trans>1 parcela desliga o parcelamento. Acima das parcelas sem juros vale a tabela Price com os juros ao mês.</Trans>}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t`Número máximo de parcelas`}
            min={count.min}
            max={count.max}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('installments_max')}
          />
          <NumberInput
            label={t`Parcelas sem juros`}
            min={count.min}
            max={count.max}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('installments_interest_free')}
          />
          <TextInput
            label={t`Parcela mínima`}
            description={t`O número de parcelas diminui para nenhuma ficar abaixo deste valor.`}
            leftSection={CURRENCIES[currency].symbol}
            leftSectionWidth={48}
            inputMode="decimal"
            {...minimum}
            // Shown with a decimal comma ('5,00'); the server takes either separator.
            value={String(minimum.value ?? '').replace('.', ',')}
          />
          <NumberInput
            label={t`Juros ao mês`}
            description={t`Aplicados acima das parcelas sem juros (0 a 10%).`}
            min={LIMITS.installmentsInterestRate.min}
            max={LIMITS.installmentsInterestRate.max}
            {...percent}
            {...form.getInputProps('installments_interest_rate')}
          />
        </SimpleGrid>
      </SettingsSection>
    </SettingsFormLayout>
  );
}
