import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CURRENCIES, CURRENCY_CODES, type CurrencyCode } from '../../shared/currencies.ts';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../shared/locales.ts';
import { useTRPC } from '../trpc.ts';
import { useNotify } from './common/notify.ts';

/**
 * One language or currency card. Selected: the admin's "selected" colours (readable in both themes)
 * and a 2 px border in the text colour; the card fills its grid cell so a row's cards match.
 */
function Choice({ selected, onClick, children }: { selected: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <UnstyledButton onClick={onClick} aria-pressed={selected} h="100%" display="block" data-testid="choice">
      <Card
        withBorder
        radius="md"
        padding="md"
        h="100%"
        style={{
          borderWidth: 2,
          justifyContent: 'center',
          ...(selected
            ? { background: 'var(--admin-selected-bg)', color: 'var(--admin-selected-color)', borderColor: 'var(--admin-selected-color)' }
            : {}),
        }}
      >
        {children}
      </Card>
    </UnstyledButton>
  );
}

/** Secondary text of a card: dimmed, except on the selected card where it takes the card's colour. */
const Sub = ({ selected, children }: { selected: boolean; children: React.ReactNode }) => (
  <Text size="xs" c={selected ? 'inherit' : 'dimmed'} style={selected ? { opacity: 0.85 } : undefined}>
    {children}
  </Text>
);

/** 'Idioma e Moeda' (spec §2): the storefront's language and currency; the page reloads after saving. */
export function LanguagePage() {
  const { t } = useLingui();
  const notify = useNotify();
  const trpc = useTRPC();
  const settings = useQuery(trpc.settings.admin.queryOptions());
  // The owner's choice, falling back to the saved values (never overwritten by a late load).
  const [pickedLocale, setLocale] = useState<Locale>();
  const [pickedCurrency, setCurrency] = useState<CurrencyCode>();
  const locale = pickedLocale ?? settings.data?.locale ?? 'pt-BR';
  const currency = pickedCurrency ?? (settings.data?.currency as CurrencyCode | undefined) ?? 'BRL';
  const save = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`Configurações salvas`, message: t`Idioma e moeda atualizados com sucesso!` });
        window.setTimeout(() => window.location.reload(), 800);
      },
      onError: () => notify.error({ title: t`Erro`, message: t`Falha ao salvar configurações.` }),
    }),
  );
  return (
    <Stack>
      <Title order={2}>
        <Trans>Idioma e Moeda</Trans>
      </Title>
      <Alert color="yellow" variant="light">
        <Trans>A página será recarregada após salvar. O idioma vale para a loja; a área administrativa continua em português.</Trans>
      </Alert>
      <Title order={4}>
        <Trans>Idioma da loja</Trans>
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} style={{ gridAutoRows: '1fr' }} data-testid="locale-grid">
        {LOCALES.map((l) => (
          <Choice key={l} selected={locale === l} onClick={() => setLocale(l)}>
            <Text fw={600}>{LOCALE_NAMES[l]}</Text>
            <Sub selected={locale === l}>{l}</Sub>
          </Choice>
        ))}
      </SimpleGrid>
      <Title order={4}>
        <Trans>Moeda</Trans>
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} style={{ gridAutoRows: '1fr' }} data-testid="currency-grid">
        {CURRENCY_CODES.map((c) => (
          <Choice key={c} selected={currency === c} onClick={() => setCurrency(c)}>
            <Group gap="xs" wrap="nowrap">
              <Text fw={800} size="lg">
                {CURRENCIES[c].symbol}
              </Text>
              <div>
                <Text size="sm" fw={600}>
                  {CURRENCIES[c].name}
                </Text>
                <Sub selected={currency === c}>{c}</Sub>
              </div>
            </Group>
          </Choice>
        ))}
      </SimpleGrid>
      <Group>
        <Button onClick={() => save.mutate({ locale, currency })} loading={save.isPending || save.isSuccess} disabled={!settings.data}>
          <Trans>Salvar</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
