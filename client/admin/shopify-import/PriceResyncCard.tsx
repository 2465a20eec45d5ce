import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type CurrencyCode, formatMoney } from '../../../shared/currencies.ts';
import type { ResyncChange, ResyncPlan } from '../../../shared/shopify.ts';
import { useTRPC, useTRPCClient } from '../../trpc.ts';
import { useNotify } from '../common/notify.ts';
import { errorMessage } from '../common/server-errors.ts';

/**
 * 'Sincronizar preços': a dry run of the linked products' prices against Shopify (what would
 * change, what Shopify no longer has), then 'Aplicar', which writes the plan shown in one
 * transaction (the server refuses it if Shopify or the shop changed meanwhile).
 */
export function PriceResyncCard({ currency }: { currency: CurrencyCode }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [plan, setPlan] = useState<ResyncPlan | null>(null);
  const [busy, setBusy] = useState<'plan' | 'apply' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const simulate = async () => {
    setBusy('plan');
    setFailure(null);
    try {
      setPlan(await client.shopify.resyncPlan.query());
    } catch (e) {
      setPlan(null);
      setFailure(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const apply = async () => {
    if (!plan) return;
    setBusy('apply');
    try {
      const { updated } = await client.shopify.resyncApply.mutate({ plan_id: plan.plan_id });
      notify.success(t`Preços sincronizados: ${updated} produto(s) atualizado(s)`);
      setPlan(null);
      await queryClient.invalidateQueries({ queryKey: trpc.products.pathKey() });
    } catch (e) {
      setFailure(errorMessage(e));
      setPlan(null);
    } finally {
      setBusy(null);
    }
  };
  const money = (v: string | null) => (v === null ? '—' : formatMoney(v, currency));

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            <Trans>Sincronizar preços</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              Traz da Shopify o preço e o preço comparativo (preço antigo) dos produtos vinculados. Primeiro uma simulação mostra o que
              mudaria; nada muda até você aplicar. A disponibilidade vem da Shopify ao vivo no botão de compra.
            </Trans>
          </Text>
        </div>
        <Group>
          <Button variant="default" onClick={() => void simulate()} loading={busy === 'plan'} disabled={busy !== null}>
            <Trans>Simular sincronização</Trans>
          </Button>
        </Group>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {plan && (
          <Stack gap="sm" data-testid="resync-plan">
            <Text size="sm" aria-live="polite">
              <Plural value={plan.linked} one="# produto vinculado" other="# produtos vinculados" />
              {' · '}
              <Plural value={plan.changes} one="# mudaria" other="# mudariam" />
              {' · '}
              <Plural value={plan.missing} one="# não encontrado na Shopify" other="# não encontrados na Shopify" />
            </Text>
            {plan.currency_mismatch && (
              <Alert color="yellow">
                {t`Atenção: a Shopify usa a moeda ${plan.currency_mismatch}, diferente da moeda da loja. Os valores seriam copiados como estão.`}
              </Alert>
            )}
            {plan.rows.length > 0 && (
              <Table.ScrollContainer minWidth={560}>
                <Table striped verticalSpacing="xs" fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t`Produto`}</Table.Th>
                      <Table.Th>{t`Preço`}</Table.Th>
                      <Table.Th>{t`Preço antigo`}</Table.Th>
                      <Table.Th>{t`Na Shopify`}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {plan.rows.map((r) => (
                      <PlanRow key={r.product_id} row={r} money={money} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {plan.rows.length < plan.changes + plan.missing && (
              <Text size="xs" c="dimmed">
                {t`Mostrando as primeiras ${plan.rows.length} linhas.`}
              </Text>
            )}
            <Group>
              <Button onClick={() => void apply()} loading={busy === 'apply'} disabled={plan.changes === 0 || busy !== null}>
                <Plural value={plan.changes} one="Aplicar # alteração" other="Aplicar # alterações" />
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function PlanRow({ row, money }: { row: ResyncChange; money: (v: string | null) => string }) {
  const { t } = useLingui();
  const change = (from: string | null, to: string | null) =>
    row.status === 'missing' || from === to ? money(from) : `${money(from)} → ${money(to)}`;
  return (
    <Table.Tr>
      <Table.Td>{row.title}</Table.Td>
      <Table.Td>{change(row.price.from, row.price.to)}</Table.Td>
      <Table.Td>{change(row.old_price.from, row.old_price.to)}</Table.Td>
      <Table.Td>
        {row.status === 'missing' ? (
          <Badge color="red" variant="light" size="sm">{t`Não encontrado`}</Badge>
        ) : (
          <Badge color={row.available ? 'green' : 'gray'} variant="light" size="sm">
            {row.available ? t`Disponível` : t`Esgotado`}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
