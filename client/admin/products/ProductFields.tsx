import { useLingui } from '@lingui/react/macro';
import { Input, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { CollectionDto } from '../../../shared/catalog.ts';
import { normalizeMoney } from '../../../shared/coerce.ts';
import { discountPercent } from '../../../shared/currencies.ts';
import { GrowingTextarea } from '../common/GrowingTextarea.tsx';
import { useCollectionLabel } from '../crud/labels.tsx';
import type { CrudFormApi } from '../crud/useCrudForm.ts';
import { ShopifyLinkField } from '../shopify-import/ShopifyLinkField.tsx';
import { PendingGallery } from './gallery/PendingGallery.tsx';
import { ServerGallery } from './gallery/ServerGallery.tsx';
import { NO_COLLECTION, type ProductValues } from './product-form.ts';

/** The product form's fields (spec §7: title, description, price, old_price, collection, Shopify id) and its gallery. */
export function ProductFields({
  form,
  collections,
  productId,
  pending,
  onPendingChange,
  uploading,
}: {
  form: CrudFormApi<ProductValues>;
  collections: CollectionDto[];
  productId: number | null;
  pending: File[];
  onPendingChange: (files: File[]) => void;
  uploading: boolean;
}) {
  const { t } = useLingui();
  const collectionLabel = useCollectionLabel();
  const options = [
    { value: NO_COLLECTION, label: t`Sem coleção (produtos em destaque)` },
    ...collections.map((c) => ({ value: String(c.id), label: collectionLabel(c) })),
  ];
  // An old price the storefront would not show (not above the price) is accepted, as Shopify accepts
  // it, but the owner is told while typing.
  const price = normalizeMoney(form.values.price ?? '');
  const oldPrice = normalizeMoney(form.values.old_price ?? '');
  const oldPriceHidden = price !== null && oldPrice !== null && discountPercent(price, oldPrice) === null;
  return (
    <>
      <TextInput label={t`Título`} required {...form.getInputProps('title')} />
      <SimpleGrid cols={2}>
        <TextInput label={t`Preço`} required inputMode="decimal" description={t`Ex.: 89,90`} {...form.getInputProps('price')} />
        <TextInput label={t`Preço antigo`} inputMode="decimal" description={t`Ex.: 119,90`} {...form.getInputProps('old_price')} />
      </SimpleGrid>
      {/* Under both fields, so the two stay side by side while it comes and goes. */}
      {oldPriceHidden && (
        <Text size="sm" role="status" mt={-8}>
          {t`Atenção: o preço antigo não é maior que o preço, então a loja não o mostra.`}
        </Text>
      )}
      <GrowingTextarea label={t`Descrição`} minRows={3} maxRows={10} {...form.getInputProps('description')} />
      <Select label={t`Coleção`} data={options} allowDeselect={false} {...form.getInputProps('collection_id')} />
      <ShopifyLinkField
        productId={productId}
        value={form.values.shopify_product_id}
        onLinked={(id) => form.setFieldValue('shopify_product_id', id)}
      />
      <Input.Wrapper label={t`Galeria de imagens`} description={t`A primeira imagem é a capa do produto.`}>
        <div style={{ marginTop: 8 }}>
          {productId === null ? (
            <PendingGallery files={pending} onChange={onPendingChange} uploading={uploading} />
          ) : (
            <ServerGallery productId={productId} />
          )}
        </div>
      </Input.Wrapper>
    </>
  );
}
