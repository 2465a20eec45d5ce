/**
 * The Storefront API operations the admin uses (version: api-version.ts). Field names as in
 * Shopify's schema; the stand-in in tests/helpers/shopify-standin.ts answers the same shapes.
 * A product's price is its first variant's, as the Buy Button shows it by default.
 */
const SUMMARY = `
fragment ProductSummary on Product {
  id
  title
  handle
  availableForSale
  featuredImage { url altText }
  variants(first: 1) {
    edges { node { availableForSale price { amount currencyCode } compareAtPrice { amount currencyCode } } }
  }
}`;

export const PRODUCTS_PAGE = `${SUMMARY}
query ProductsPage($first: Int!, $after: String, $query: String) {
  products(first: $first, after: $after, query: $query) {
    pageInfo { hasNextPage endCursor }
    edges { cursor node { ...ProductSummary } }
  }
}`;

export const PRODUCT_BY_ID = `${SUMMARY}
query ProductById($id: ID!) {
  product(id: $id) { ...ProductSummary }
}`;

/** At most NODES_MAX ids per call (Shopify's limit for `nodes`). */
export const NODES_MAX = 250;
export const PRODUCTS_BY_IDS = `${SUMMARY}
query ProductsByIds($ids: [ID!]!) {
  nodes(ids: $ids) { ... on Product { ...ProductSummary } }
}`;

type Money = { amount: string; currencyCode: string } | null;
export type ProductSummaryNode = {
  id: string;
  title: string;
  handle: string;
  availableForSale: boolean;
  featuredImage: { url: string; altText: string | null } | null;
  variants: { edges: { node: { availableForSale: boolean; price: Money; compareAtPrice: Money } }[] };
};
export type ProductsPageData = {
  products: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { cursor: string; node: ProductSummaryNode }[] };
};
export type ProductByIdData = { product: ProductSummaryNode | null };
export type ProductsByIdsData = { nodes: (ProductSummaryNode | Record<string, never> | null)[] };
