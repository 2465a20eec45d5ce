import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { CATALOG_MESSAGES, type ProductDto, ZProductCreate } from '../../../shared/catalog.ts';

/** The product form's values as text, sent as FormData to products.create / update (ZProductCreate). */
export type ProductValues = {
  title: string;
  price: string;
  old_price: string;
  description: string;
  /** A collection id, or NO_COLLECTION for the featured list. */
  collection_id: string;
  /** Shown, never sent: the Shopify picker links through shopify.link, which checks the id with the shop. */
  shopify_product_id: string;
};

/** "No collection" as the contract reads it (zCollectionRef: '0' means featured). */
export const NO_COLLECTION = '0';

export const emptyProduct: ProductValues = {
  title: '',
  price: '',
  old_price: '',
  description: '',
  collection_id: NO_COLLECTION,
  shopify_product_id: '',
};

/** Money the pt-BR way in the form ("89,90"); the server takes either separator. */
const asTyped = (money: string | null) => (money ?? '').replace('.', ',');

export const productValues = (p: ProductDto): ProductValues => ({
  title: p.title,
  price: asTyped(p.price),
  old_price: asTyped(p.old_price),
  description: p.description,
  collection_id: p.collection_id === null ? NO_COLLECTION : String(p.collection_id),
  shopify_product_id: p.shopify_product_id,
});

export function productFormData(values: ProductValues, id?: number): FormData {
  const fd = new FormData();
  if (id !== undefined) fd.set('id', String(id));
  for (const [key, value] of Object.entries(values)) if (key !== 'shopify_product_id') fd.set(key, value);
  return fd;
}

/** Server messages that belong to one field of the form. */
export const PRODUCT_FIELD_MESSAGES = {
  [CATALOG_MESSAGES.titleAndPriceRequired]: ['title', 'price'],
  [CATALOG_MESSAGES.invalidPrice]: ['price'],
  [CATALOG_MESSAGES.invalidOldPrice]: ['old_price'],
  [CATALOG_MESSAGES.unknownCollection]: ['collection_id'],
} as const;

/** The server's contract plus its required fields (spec §5: 'Preencha título e preço'). */
export function useProductSchema() {
  const { t } = useLingui();
  return useMemo(
    () =>
      ZProductCreate.superRefine((v, ctx) => {
        const message = t`Preencha título e preço`;
        if (!v.title?.trim()) ctx.addIssue({ code: 'custom', message, path: ['title'] });
        if (!v.price?.trim()) ctx.addIssue({ code: 'custom', message, path: ['price'] });
      }),
    [t],
  );
}
