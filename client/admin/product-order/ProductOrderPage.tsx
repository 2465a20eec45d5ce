import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LIMITS } from '../../../shared/limits.ts';
import { useTRPC } from '../../trpc.ts';
import { ListState } from '../crud/ListState.tsx';
import { useCollectionLabel } from '../crud/labels.tsx';
import classes from '../crud/section.module.css';
import { SortableProductList } from './SortableProductList.tsx';
import { useProductOrder } from './useProductOrder.ts';

const FEATURED = 'featured';

/**
 * 'Organizar Produtos' (spec §2): the order of the products inside each collection and of the
 * featured products (those without a collection), saved on every move; the ones the home page
 * shows are marked.
 */
export function ProductOrderPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const products = useQuery(trpc.products.list.queryOptions({}));
  const collections = useQuery(trpc.collections.list.queryOptions());
  const reorder = useProductOrder();
  const collectionLabel = useCollectionLabel();
  const [list, setList] = useState<string>(FEATURED);
  const collection = collections.data?.find((c) => String(c.id) === list);
  const featured = list === FEATURED || !collection;
  const items = (products.data ?? []).filter((p) => (featured ? p.collection_id === null : p.collection_id === collection.id));

  return (
    <Stack gap="lg" className={classes.root}>
      <div>
        <Title order={2}>
          <Trans>Organizar Produtos</Trans>
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>
            Arraste pela alça, use o teclado (espaço, setas, espaço) ou os botões de subir e descer. Cada mudança é salva na hora.
          </Trans>
        </Text>
      </div>
      <Stack gap="md" maw={760}>
        <Select
          label={t`Lista`}
          value={featured ? FEATURED : list}
          onChange={(v) => setList(v ?? FEATURED)}
          allowDeselect={false}
          data={[
            { value: FEATURED, label: t`Produtos em destaque (sem coleção)` },
            ...(collections.data ?? []).map((c) => ({ value: String(c.id), label: collectionLabel(c) })),
          ]}
          maw={420}
        />
        {featured ? (
          <Text size="sm" c="dimmed">
            <Trans>Todos os produtos sem coleção aparecem em "Produtos em destaque" na página inicial, nesta ordem.</Trans>
          </Text>
        ) : collection.active ? (
          <Text size="sm" c="dimmed">
            <Trans>Os 4 primeiros aparecem na página inicial; a página da coleção mostra todos, nesta ordem.</Trans>
          </Text>
        ) : (
          <Alert color="yellow" variant="light">
            <Trans>Esta coleção está inativa: ela não aparece na loja até ser ativada em Coleções.</Trans>
          </Alert>
        )}
        <ListState query={products} empty={items.length === 0} emptyText={<Trans>Nenhum produto nesta lista.</Trans>}>
          <SortableProductList
            key={list}
            items={items}
            homeCount={featured ? null : collection.active ? LIMITS.homeCollectionProducts : 0}
            onReorder={(ordered) => reorder.mutate(ordered)}
          />
        </ListState>
      </Stack>
    </Stack>
  );
}
