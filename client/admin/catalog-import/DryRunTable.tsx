import { useLingui } from '@lingui/react/macro';
import { Badge, Loader, SegmentedControl, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type CsvDryRun, IMPORT_ROWS_PAGE, type ImportPlanRowDto } from '../../../shared/catalog-import.ts';
import { useTRPC } from '../../trpc.ts';
import { ListPagination } from '../crud/ListPagination.tsx';

type Filter = 'all' | ImportPlanRowDto['action'];

/** Dark enough for white text (WCAG AA). */
const COLORS: Record<ImportPlanRowDto['action'], string> = { create: 'teal.9', update: 'blue.9', unchanged: 'gray.7', refuse: 'red.9' };

/** The dry run's rows, a page at a time from the server, filtered by what would happen. */
export function DryRunTable({ run }: { run: CsvDryRun }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [filter, setFilter] = useState<Filter>(run.counts.refuse > 0 ? 'refuse' : 'all');
  const [page, setPage] = useState(1);
  const top = useRef<HTMLDivElement>(null);
  const narrow = useMediaQuery('(max-width: 36em)');
  const limit = IMPORT_ROWS_PAGE.default;
  const rows = useQuery({
    ...trpc.catalogImport.draftRows.queryOptions({
      draftId: run.draftId,
      action: filter === 'all' ? null : filter,
      offset: (page - 1) * limit,
      limit,
    }),
    placeholderData: keepPreviousData,
  });
  const actionLabel: Record<ImportPlanRowDto['action'], string> = {
    create: t`Criar`,
    update: t`Atualizar`,
    unchanged: t`Sem mudança`,
    refuse: t`Recusado`,
  };
  const fieldLabel: Record<string, string> = {
    title: t`título`,
    description: t`descrição`,
    price: t`preço`,
    old_price: t`preço antigo`,
    collection: t`coleção`,
    shopify_product_id: t`ID Shopify`,
    images: t`imagens`,
  };
  const detail = (r: ImportPlanRowDto) => {
    if (r.action === 'refuse') return r.reason ?? '';
    const parts = [];
    if (r.action === 'update') parts.push(t`Muda: ${r.changes.map((c) => fieldLabel[c] ?? c).join(', ')}`);
    if (r.newImages > 0) parts.push(t`${r.newImages} imagem(ns) a baixar`);
    return parts.join(' · ');
  };
  const total = rows.data?.total ?? 0;
  return (
    <div ref={top}>
      <SegmentedControl
        value={filter}
        onChange={(v) => {
          setFilter(v as Filter);
          setPage(1);
        }}
        data={[
          { value: 'all', label: t`Todos` },
          { value: 'create', label: t`Criar (${run.counts.create})` },
          { value: 'update', label: t`Atualizar (${run.counts.update})` },
          { value: 'refuse', label: t`Recusados (${run.counts.refuse})` },
        ]}
        size="xs"
        mb="sm"
        fullWidth
        orientation={narrow ? 'vertical' : 'horizontal'}
        aria-label={t`Mostrar`}
      />
      {rows.isPending ? (
        <Loader size="sm" aria-label={t`Carregando`} />
      ) : total === 0 ? (
        <Text size="sm" c="dimmed">{t`Nenhum produto nesta lista.`}</Text>
      ) : (
        <Table striped verticalSpacing={6} fz="sm" aria-label={t`Resultado da verificação`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>{t`Linha`}</Table.Th>
              <Table.Th>{t`Produto`}</Table.Th>
              <Table.Th w={110}>{t`Ação`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data?.rows.map((r) => (
              <Table.Tr key={`${r.ref}-${r.line}`}>
                <Table.Td>{r.line ?? '—'}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500} lineClamp={1}>
                    {r.title || '—'}
                  </Text>
                  {r.slug && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      /{r.slug}
                    </Text>
                  )}
                  {detail(r) && (
                    <Text size="sm" mt={2} fw={r.action === 'refuse' ? 500 : undefined}>
                      {detail(r)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={COLORS[r.action]} variant="filled">
                    {actionLabel[r.action]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ListPagination page={page} pages={Math.ceil(total / limit)} onChange={setPage} top={top} />
    </div>
  );
}
