import { Plural, useLingui } from '@lingui/react/macro';
import { Group, Image, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { CollectionDto, ProductDto } from '../../../shared/catalog.ts';
import { type CurrencyCode, formatMoney } from '../../../shared/currencies.ts';
import { imageUrl } from '../../../shared/image-url.ts';
import { ItemRow, ListState } from '../crud/ListState.tsx';
import { EditDeleteButtons } from '../crud/RowActions.tsx';
import { NO_COLLECTION } from './product-form.ts';

const ALL = 'all';
/** Accent- and case-insensitive text, so 'acessorio' finds 'Acessório'. */
const folded = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The products, searchable by title and filtered by collection; one card per product, phone-sized. */
export function ProductList({
  query,
  products,
  collections,
  currency,
  editingId,
  onEdit,
  onDelete,
}: {
  query: { isPending: boolean; isError: boolean };
  products: ProductDto[];
  collections: CollectionDto[];
  currency: CurrencyCode;
  editingId: number | null;
  onEdit: (p: ProductDto) => void;
  onDelete: (p: ProductDto) => void;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<string>(ALL);
  const names = new Map(collections.map((c) => [c.id, c.name]));
  const needle = folded(search.trim());
  const shown = products.filter(
    (p) => (filter === ALL || String(p.collection_id ?? NO_COLLECTION) === filter) && (needle === '' || folded(p.title).includes(needle)),
  );
  const count = shown.length;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} mb="sm">
        <TextInput
          type="search"
          label={t`Buscar produto`}
          placeholder={t`Título do produto`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Select
          label={t`Filtrar por coleção`}
          value={filter}
          onChange={(v) => setFilter(v ?? ALL)}
          allowDeselect={false}
          data={[
            { value: ALL, label: t`Todas as coleções` },
            { value: NO_COLLECTION, label: t`Sem coleção (produtos em destaque)` },
            ...collections.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
        <Plural value={count} one="# produto" other="# produtos" />
      </Text>
      <ListState query={query} empty={count === 0} emptyText={t`Nenhum produto encontrado`}>
        {shown.map((p) => (
          <ItemRow
            key={p.id}
            testId={`product-${p.slug}`}
            active={p.id === editingId}
            leading={<Image src={imageUrl(p.image_url)} alt="" w={56} h={56} radius="sm" fit="cover" style={{ flexShrink: 0 }} />}
            actions={<EditDeleteButtons name={p.title} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />}
          >
            <Text fw={600} lineClamp={2} lh={1.3}>
              {p.title}
            </Text>
            <Group gap={6} wrap="wrap" mt={2}>
              {p.old_price && (
                <Text size="sm" c="dimmed" td="line-through">
                  {formatMoney(p.old_price, currency)}
                </Text>
              )}
              <Text size="sm" fw={600}>
                {formatMoney(p.price, currency)}
              </Text>
              <Text size="xs" c="dimmed">
                · {p.collection_id === null ? t`Destaque (sem coleção)` : (names.get(p.collection_id) ?? '')}
              </Text>
            </Group>
          </ItemRow>
        ))}
      </ListState>
    </>
  );
}
