import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { CURRENCIES, type CurrencyCode, formatMoney } from '../../../shared/currencies.ts';
import { bestInterestFree, installmentPlan, type PaymentTerms, percentText, pixPrice, toCents } from '../../../shared/installments.ts';
import adminText from '../common/admin-text.module.css';

type Props = { terms: PaymentTerms | null; currency: CurrencyCode };

/** A live example: what a card and a product page would show for a sample price, with the form's values. */
export function PaymentPreview({ terms, currency }: Props) {
  const { t } = useLingui();
  const [sample, setSample] = useState('100,00');
  const price = sample.trim().replace(',', '.');
  const valid = toCents(price) !== null && terms !== null;
  const pix = valid ? pixPrice(price, terms.pix_discount_percent) : null;
  const best = valid ? bestInterestFree(price, terms) : null;
  const plan = valid ? installmentPlan(price, terms) : [];
  const pixValue = pix === null ? '' : formatMoney(pix, currency);
  const percent = terms ? percentText(terms.pix_discount_percent) : '';
  const count = best?.count;
  const value = best ? formatMoney(best.instalment, currency) : '';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          <Trans>Exemplo ao vivo</Trans>
        </Title>
        <TextInput
          label={t`Preço de exemplo`}
          leftSection={CURRENCIES[currency].symbol}
          leftSectionWidth={48}
          inputMode="decimal"
          value={sample}
          onChange={(e) => setSample(e.currentTarget.value)}
        />
        {valid && (
          <div aria-live="polite">
            <Text fw={700} size="lg">
              {formatMoney(price, currency)}
            </Text>
            {pix !== null && (
              <Text className={adminText.positive} fw={600}>
                <Trans>{pixValue} no Pix</Trans>{' '}
                <Text span c="dimmed" fw={400} size="sm">
                  <Trans>({percent}% de desconto pagando com Pix)</Trans>
                </Text>
              </Text>
            )}
            {best && (
              <Text size="sm">
                <Trans>
                  ou {count}x de {value} sem juros
                </Trans>
              </Text>
            )}
            {pix === null && plan.length < 2 && (
              <Text size="sm" c="dimmed">
                <Trans>Sem desconto no Pix nem parcelamento: a loja mostra só o preço.</Trans>
              </Text>
            )}
            {plan.length > 1 && (
              <Table mt="sm" fz="sm" verticalSpacing={4} aria-label={t`Parcelamento no cartão`}>
                <Table.Tbody>
                  {plan.map((row) => (
                    <Table.Tr key={row.count}>
                      <Table.Th fw={500}>
                        {row.count}x {formatMoney(row.instalment, currency)}
                      </Table.Th>
                      <Table.Td>{row.interest ? t`com juros` : t`sem juros`}</Table.Td>
                      <Table.Td ta="right">{formatMoney(row.total, currency)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </div>
        )}
      </Stack>
    </Paper>
  );
}
