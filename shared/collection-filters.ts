/**
 * The collection page's sort and filters without zod (the storefront bundle imports this file, so
 * it stays free of schema code): the one normalisation that both the tRPC contract
 * (ZCollectionPageInput in catalog.ts) and the page's URL reader apply, so the server and the
 * browser always build the same query from the same URL.
 */
export const COLLECTION_SORTS = ['posicao', 'preco-asc', 'preco-desc', 'nome', 'novidades'] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];
export const DEFAULT_COLLECTION_SORT: CollectionSort = 'posicao';

/** numeric(12,2) holds at most 9,999,999,999.99. */
const MAX_PRICE = 9_999_999_999.99;

export type CollectionFilters = { sort: CollectionSort; min?: number; max?: number; on_sale: boolean };

const isSort = (v: unknown): v is CollectionSort => (COLLECTION_SORTS as readonly unknown[]).includes(v);
const bound = (v: unknown) => (typeof v === 'number' && v >= 0 && v <= MAX_PRICE ? Math.round(v * 100) / 100 : undefined);

/** Unknown sort: the default; a bound that is not a price: dropped; bounds the wrong way round: swapped. */
export function normalizeCollectionFilters(raw: { sort?: unknown; min?: unknown; max?: unknown; on_sale?: unknown }): CollectionFilters {
  let min = bound(raw.min);
  let max = bound(raw.max);
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return {
    sort: isSort(raw.sort) ? raw.sort : DEFAULT_COLLECTION_SORT,
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    on_sale: raw.on_sale === true,
  };
}
