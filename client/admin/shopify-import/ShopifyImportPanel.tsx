import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SHOPIFY_IMPORT_CHOSEN_MAX, type ShopifyImportPlan } from '../../../shared/shopify-import.ts';
import { useTRPC, useTRPCClient } from '../../trpc.ts';
import { errorMessage } from '../common/server-errors.ts';
import { ImportJobCard } from './ImportJobCard.tsx';
import { ImportPlanCard } from './ImportPlanCard.tsx';
import { ShopifyProductBrowser } from './ShopifyProductBrowser.tsx';
import { useImportJob } from './useImportJob.ts';

/**
 * Importing from Shopify: products chosen with the checkboxes (across pages) or all, the
 * collection new products go into, a dry run first (ImportPlanCard), then the import as the
 * shop's job (ImportJobCard).
 */
export function ShopifyImportPanel() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const collections = useQuery(trpc.collections.list.queryOptions());
  const job = useImportJob();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [collection, setCollection] = useState<string | null>(null);
  const [plan, setPlan] = useState<ShopifyImportPlan | null>(null);
  const [busy, setBusy] = useState<'selected' | 'all' | 'import' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The last import's outcome, once a new dry run is asked for, is no longer shown. */
  const [dismissed, setDismissed] = useState<string | null>(null);
  const running = job.data?.state === 'running';

  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const simulate = async (scope: 'selected' | 'all') => {
    setBusy(scope);
    setFailure(null);
    setPlan(null);
    setDismissed(job.data?.id ?? null);
    try {
      const collection_id = collection ? Number(collection) : null;
      setPlan(await client.shopify.importPlan.mutate(scope === 'all' ? { collection_id } : { ids: [...chosen], collection_id }));
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const start = async () => {
    if (!plan) return;
    setBusy('import');
    setFailure(null);
    try {
      await client.shopify.importStart.mutate({ draft_id: plan.draft_id });
      setPlan(null);
      setChosen(new Set());
      await job.refetch();
    } catch (e) {
      setFailure(errorMessage(e));
      setPlan(null);
    } finally {
      setBusy(null);
    }
  };
  const full = chosen.size >= SHOPIFY_IMPORT_CHOSEN_MAX;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <div>
            <Title order={3} size="h4">
              <Trans>Importar produtos</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>
                Marque os produtos abaixo ou importe todos. Título, descrição, preço, preço comparativo (como preço antigo), imagens e
                endereço vêm da Shopify; um produto que já existe aqui (mesmo endereço ou já vinculado) é atualizado, não duplicado.
                Primeiro uma simulação mostra o que aconteceria.
              </Trans>
            </Text>
          </div>
          <Select
            label={t`Coleção dos produtos novos`}
            placeholder={t`Nenhuma (destaques)`}
            clearable
            value={collection}
            onChange={setCollection}
            data={(collections.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            maw={360}
          />
          <Group gap="sm">
            <Button
              onClick={() => void simulate('selected')}
              loading={busy === 'selected'}
              disabled={chosen.size === 0 || busy !== null || running}
            >
              <Plural value={chosen.size} one="Importar selecionados (#)" other="Importar selecionados (#)" />
            </Button>
            <Button variant="default" onClick={() => void simulate('all')} loading={busy === 'all'} disabled={busy !== null || running}>
              <Trans>Importar todos</Trans>
            </Button>
            {chosen.size > 0 && (
              <Button variant="subtle" size="compact-sm" onClick={() => setChosen(new Set())}>
                <Trans>Limpar seleção</Trans>
              </Button>
            )}
          </Group>
          {full && (
            <Text size="xs" c="dimmed">
              {t`No máximo ${SHOPIFY_IMPORT_CHOSEN_MAX} produtos por vez; para mais, use 'Importar todos'.`}
            </Text>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
        </Stack>
      </Paper>
      {plan && <ImportPlanCard plan={plan} busy={busy === 'import'} onImport={() => void start()} onDiscard={() => setPlan(null)} />}
      {job.data && job.data.id !== dismissed && <ImportJobCard job={job.data} onRefresh={() => void job.refetch()} />}
      <ShopifyProductBrowser
        header={(items) => {
          const all = items.every((p) => chosen.has(p.id));
          const some = items.some((p) => chosen.has(p.id));
          return (
            <Checkbox
              label={t`Selecionar a página`}
              checked={all}
              indeterminate={some && !all}
              disabled={!all && full}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setChosen((prev) => {
                  const next = new Set(prev);
                  for (const p of items) {
                    if (!on) next.delete(p.id);
                    else if (next.size < SHOPIFY_IMPORT_CHOSEN_MAX) next.add(p.id);
                  }
                  return next;
                });
              }}
            />
          );
        }}
        actions={(p) => (
          <Checkbox
            aria-label={t`Selecionar ${p.title}`}
            checked={chosen.has(p.id)}
            disabled={!chosen.has(p.id) && full}
            onChange={(e) => toggle(p.id, e.currentTarget.checked)}
          />
        )}
      />
    </Stack>
  );
}
