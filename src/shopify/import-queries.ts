import { IMPORT_MAX_IMAGES } from '../import/import-plan.ts';

/**
 * The Storefront API operations an import reads (version: api-version.ts): everything the import
 * core takes of a product. One image more than the core accepts is asked for, so a product with
 * too many is refused by the core's rule (and said so) rather than cut short without a word.
 * Pages stay small (IMPORT_PAGE products, each at most a description and IMPORT_MAX_IMAGES + 1 URLs).
 */
export const IMPORT_PAGE = 50;
const IMAGES_ASKED = IMPORT_MAX_IMAGES + 1;

const FULL = `
fragment ImportedProduct on Product {
  id
  title
  handle
  descriptionHtml
  images(first: ${IMAGES_ASKED}) { nodes { url altText } }
  variants(first: 1) { nodes { price { amount currencyCode } compareAtPrice { amount currencyCode } } }
}`;

export const IMPORT_PRODUCTS_PAGE = `${FULL}
query ImportProductsPage($first: Int!, $after: String) {
  products(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes { ...ImportedProduct }
  }
}`;

export const IMPORT_PRODUCTS_BY_IDS = `${FULL}
query ImportProductsByIds($ids: [ID!]!) {
  nodes(ids: $ids) { ... on Product { ...ImportedProduct } }
}`;

type Money = { amount: string; currencyCode: string } | null;
export type ImportedProductNode = {
  id: string;
  title: string;
  handle: string;
  descriptionHtml: string;
  images: { nodes: { url: string; altText: string | null }[] };
  variants: { nodes: { price: Money; compareAtPrice: Money }[] };
};
export type ImportProductsPageData = {
  products: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: ImportedProductNode[] };
};
export type ImportProductsByIdsData = { nodes: (ImportedProductNode | Record<string, never> | null)[] };
