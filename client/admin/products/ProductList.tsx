import { Plural, useLingui } from '@lingui/react/macro';
import { Group, Image, Loader, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { memo, useRef } from 'react';
import type { CollectionDto } from '../../../shared/catalog.ts';
import { type CurrencyCode, discountPercent, formatMoney } from '../../../shared/currencies.ts';
import { imageUrl } from '../../../shared/image-url.ts';
import type { ProductAdminRow } from '../../../shared/product-admin.ts';
import { ListPagination } from '../crud/ListPagination.tsx';
import { ItemRow, ListState } from '../crud/ListState.tsx';
import { EditDeleteButtons } from '../crud/RowActions.tsx';
import { useFirstRows } from '../crud/useFirstRows.ts';
import { NO_COLLECTION } from './product-form.ts';
import { ALL_COLLECTIONS, useProductPage } from './useProductPage.ts';

/**
 * The products, one page at a time: searched by title and slug and filtered by collection on the
 * server, with the number of matches; one card per product, phone-sized. The list keeps its own
 * search state, so typing redraws the list alone, never the product form beside it.
 */
export function ProductList({
  collections,
  currency,
  editingId,
  onEdit,
  onDelete,
}: {
  collections: CollectionDto[];
  currency: CurrencyCode;
  editingId: number | null;
  onEdit: (p: ProductAdminRow) => void;
  onDelete: (p: ProductAdminRow) => void;
}) {
  const { t } = useLingui();
  const list = useProductPage();
  const count = list.total;
  const top = useRef<HTMLParagraphElement>(null);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} mb="sm">
        <TextInput
          type="search"
          label={t`Buscar produto`}
          placeholder={t`Título do produto`}
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
          rightSection={list.query.isFetching ? <Loader size="xs" /> : null}
        />
        <Select
          label={t`Filtrar por coleção`}
          value={list.filter}
          onChange={(v) => list.setFilter(v ?? ALL_COLLECTIONS)}
          allowDeselect={false}
          data={[
            { value: ALL_COLLECTIONS, label: t`Todas as coleções` },
            { value: NO_COLLECTION, label: t`Sem coleção (produtos em destaque)` },
            ...collections.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
      </SimpleGrid>
      <Text ref={top} size="sm" c="dimmed" mb="xs" aria-live="polite">
        <Plural value={count} _0="# produtos" one="# produto" other="# produtos" />
      </Text>
      <ListState query={list.query} empty={list.items.length === 0} emptyText={t`Nenhum produto encontrado`}>
        <ProductRows
          items={list.items}
          collections={collections}
          currency={currency}
          editingId={editingId}
          onEdit={onEdit}
          onDelete={onDelete}
        />
        <ListPagination page={list.page} pages={list.pages} onChange={list.setPage} top={top} />
      </ListState>
    </>
  );
}

/** The rows of one page; drawn again only when the page, the collections or the row being edited change. */
const ProductRows = memo(function ProductRows({
  items,
  collections,
  currency,
  editingId,
  onEdit,
  onDelete,
}: {
  items: ProductAdminRow[];
  collections: CollectionDto[];
  currency: CurrencyCode;
  editingId: number | null;
  onEdit: (p: ProductAdminRow) => void;
  onDelete: (p: ProductAdminRow) => void;
}) {
  const { t } = useLingui();
  const names = new Map(collections.map((c) => [c.id, c.name]));
  const rows = useFirstRows(items);
  return (
    <>
      {rows.map((p) => {
        // Crossed out only as the storefront shows it: an old price not above the price is not shown there.
        const oldPrice = p.old_price ? formatMoney(p.old_price, currency) : null;
        const oldShown = discountPercent(p.price, p.old_price) !== null;
        return (
          <ItemRow
            key={p.id}
            testId={`product-${p.slug}`}
            active={p.id === editingId}
            leading={<Image src={imageUrl(p.thumb_url)} alt="" w={56} h={56} radius="sm" fit="cover" style={{ flexShrink: 0 }} />}
            actions={<EditDeleteButtons name={p.title} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />}
          >
            <Text fw={600} lineClamp={2} lh={1.3}>
              {p.title}
            </Text>
            <Group gap={6} wrap="wrap" mt={2}>
              {oldPrice && oldShown && (
                <Text size="sm" c="dimmed" td="line-through">
                  {oldPrice}
                </Text>
              )}
              <Text size="sm" fw={600}>
                {formatMoney(p.price, currency)}
              </Text>
              {oldPrice && !oldShown && (
                <Text size="xs" c="dimmed">
                  · {t`preço antigo ${oldPrice} não aparece na loja`}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                · {p.collection_id === null ? t`Destaque (sem coleção)` : (names.get(p.collection_id) ?? '')}
              </Text>
            </Group>
          </ItemRow>
        );
      })}
    </>
  );
});
