import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { LIMITS } from '../../../shared/limits.ts';
import { NO_COLLECTION_FILTER, PRODUCT_ADMIN } from '../../../shared/product-admin.ts';
import { useTRPC } from '../../trpc.ts';
import { ListPagination } from '../crud/ListPagination.tsx';
import { ListState } from '../crud/ListState.tsx';
import { useCollectionLabel } from '../crud/labels.tsx';
import classes from '../crud/section.module.css';
import { orderListInput } from '../first-reads.ts';
import { SortableProductList } from './SortableProductList.tsx';
import { useProductMove } from './useProductMove.ts';

const FEATURED = 'featured';
/** How many products of a list the home page shows: the featured ones (the rest are on their own listing, 'Ver mais'), and a collection's. */
const homeFeatured = LIMITS.homeFeaturedProducts;
const homeCollection = LIMITS.homeCollectionProducts;

/**
 * 'Organizar Produtos' (spec §2): the order of the products inside each collection and of the
 * featured products (those without a collection), saved on every move; the ones the home page
 * shows are marked. A list is shown a page (PRODUCT_ADMIN.orderPageSize) at a time, so a list of
 * thousands stays quick; a move sends only the product and its new place.
 */
export function ProductOrderPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const collections = useQuery(trpc.collections.list.queryOptions());
  const collectionLabel = useCollectionLabel();
  const [list, setListValue] = useState<string>(FEATURED);
  const [page, setPage] = useState(1);
  const top = useRef<HTMLParagraphElement>(null);
  const collection = collections.data?.find((c) => String(c.id) === list);
  const featured = list === FEATURED || !collection;
  const input = orderListInput(featured ? NO_COLLECTION_FILTER : collection.id, page);
  const products = useQuery(trpc.products.adminPage.queryOptions(input));
  const move = useProductMove(input);
  const items = products.data?.items ?? [];
  const total = products.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PRODUCT_ADMIN.orderPageSize));
  const offset = (page - 1) * PRODUCT_ADMIN.orderPageSize;
  const from = offset + 1;
  const to = offset + items.length;
  const setList = (value: string) => {
    setListValue(value);
    setPage(1);
  };

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
        <Text c="dimmed" size="sm" mt={4}>
          <Trans>Para levar um produto para longe (de outra página), use o botão com o número da posição e digite a nova.</Trans>
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
            <Trans>
              Os {homeFeatured} primeiros aparecem em "Produtos em destaque" na página inicial, que leva a todos eles, nesta ordem.
            </Trans>
          </Text>
        ) : collection.active ? (
          <Text size="sm" c="dimmed">
            <Trans>Os {homeCollection} primeiros aparecem na página inicial; a página da coleção mostra todos, nesta ordem.</Trans>
          </Text>
        ) : (
          <Alert color="yellow" variant="light">
            <Trans>Esta coleção está inativa: ela não aparece na loja até ser ativada em Coleções.</Trans>
          </Alert>
        )}
        {pages > 1 && (
          <Text ref={top} size="sm" c="dimmed" aria-live="polite">
            {t`Posições ${from} a ${to} de ${total}`}
          </Text>
        )}
        <ListState query={products} empty={items.length === 0} emptyText={<Trans>Nenhum produto nesta lista.</Trans>}>
          <SortableProductList
            key={`${list}:${page}`}
            items={items}
            offset={offset}
            total={total}
            homeCount={featured ? homeFeatured : collection.active ? homeCollection : 0}
            onMove={(m) => move.mutate(m)}
          />
        </ListState>
        <ListPagination page={page} pages={pages} onChange={setPage} top={top} />
      </Stack>
    </Stack>
  );
}
