import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SHOPIFY_IMPORT_ROWS_PAGE, type ShopifyImportPlan, type ShopifyImportRow } from '../../../shared/shopify-import.ts';
import { useTRPC } from '../../trpc.ts';

type Action = ShopifyImportRow['action'];
const COLORS: Record<Action, string> = { create: 'green', update: 'blue', unchanged: 'gray', refuse: 'red' };

/**
 * The dry run of an import: how many products would be created, updated, left as they are or
 * refused (with the reason), the rows page by page, then 'Importar' or 'Descartar'.
 */
export function ImportPlanCard({
  plan,
  onImport,
  onDiscard,
  busy,
}: {
  plan: ShopifyImportPlan;
  onImport: () => void;
  onDiscard: () => void;
  busy: boolean;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [action, setAction] = useState<Action | 'all'>(plan.counts.refuse > 0 ? 'refuse' : 'all');
  const [offset, setOffset] = useState(0);
  const limit = SHOPIFY_IMPORT_ROWS_PAGE.default;
  const rows = useQuery({
    ...trpc.shopify.importRows.queryOptions({ draft_id: plan.draft_id, action: action === 'all' ? null : action, offset, limit }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const label: Record<Action, string> = { create: t`Criar`, update: t`Atualizar`, unchanged: t`Sem mudança`, refuse: t`Recusado` };
  const { counts } = plan;
  const importable = counts.create + counts.update;
  const total = rows.data?.total ?? 0;
  return (
    <Paper withBorder radius="md" p="md" data-testid="import-plan">
      <Stack gap="sm">
        <Text fw={600}>
          <Trans>Simulação da importação</Trans>
        </Text>
        <Text size="sm" aria-live="polite">
          <Plural value={counts.create} one="# a criar" other="# a criar" />
          {' · '}
          <Plural value={counts.update} one="# a atualizar" other="# a atualizar" />
          {' · '}
          <Plural value={counts.unchanged} one="# sem mudança" other="# sem mudança" />
          {' · '}
          <Plural value={counts.refuse} one="# recusado" other="# recusados" />
          {' · '}
          <Plural value={plan.images} one="# imagem a baixar" other="# imagens a baixar" />
        </Text>
        {plan.currency_mismatch && (
          <Alert color="yellow">
            {t`Atenção: a Shopify usa a moeda ${plan.currency_mismatch}, diferente da moeda da loja. Os valores seriam copiados como estão.`}
          </Alert>
        )}
        <SegmentedControl
          size="xs"
          fullWidth
          value={action}
          onChange={(v) => {
            setAction(v as Action | 'all');
            setOffset(0);
          }}
          data={[
            { value: 'all', label: t`Todos (${plan.total})` },
            { value: 'create', label: `${label.create} (${counts.create})` },
            { value: 'update', label: `${label.update} (${counts.update})` },
            { value: 'refuse', label: `${label.refuse} (${counts.refuse})` },
          ]}
        />
        {rows.isPending ? (
          <Skeleton h={80} />
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {(rows.data?.rows ?? []).map((r) => (
              <li key={r.ref} data-testid={`plan-${r.ref}`}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge color={COLORS[r.action]} variant="light" size="sm" style={{ flexShrink: 0 }} w={96}>
                    {label[r.action]}
                  </Badge>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} lineClamp={1}>
                      {r.title || t`Produto Shopify ${r.ref}`}
                    </Text>
                    <Text size="xs" c={r.reason ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                      {r.reason ?? (r.slug ? `/${r.slug}` : '')}
                      {r.new_images > 0 && !r.reason && (
                        <>
                          {' · '}
                          <Plural value={r.new_images} one="# imagem" other="# imagens" />
                        </>
                      )}
                    </Text>
                  </div>
                </Group>
              </li>
            ))}
          </Stack>
        )}
        {total > limit && (
          <Group justify="center" gap="sm">
            <Button variant="default" size="xs" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - limit))}>
              <Trans>Anterior</Trans>
            </Button>
            <Text size="sm" c="dimmed">
              {t`${offset + 1}–${Math.min(offset + limit, total)} de ${total}`}
            </Text>
            <Button variant="default" size="xs" disabled={offset + limit >= total} onClick={() => setOffset(offset + limit)}>
              <Trans>Próxima</Trans>
            </Button>
          </Group>
        )}
        <Group>
          <Button onClick={onImport} loading={busy} disabled={importable === 0}>
            <Plural value={importable} one="Importar # produto" other="Importar # produtos" />
          </Button>
          <Button variant="default" onClick={onDiscard} disabled={busy}>
            <Trans>Descartar</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
