import { COLLECTION_PARAM } from '../../../shared/catalog-paths.ts';
import { type CollectionFilters, DEFAULT_COLLECTION_SORT, normalizeCollectionFilters } from '../../../shared/collection-filters.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type { Trpc } from '../../trpc.ts';

const ON = new Set(['1', 'true', 'on', 'sim']);

/** "49,90", "49.90" or "1.234,56" as a number; anything else (empty, negative, text) as undefined. */
function priceParam(value: string | null): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  const plain = v.includes(',') ? v.replace(/\./g, '').replace(',', '.') : v;
  return /^\d{1,10}(\.\d+)?$/.test(plain) ? Number(plain) : undefined;
}

function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, LIMITS.collectionLastPage) : 1;
}

/** Filters and page of a URL query, normalised: invalid values fall back to the defaults. */
export function parseCollectionSearch(search: URLSearchParams): { filters: CollectionFilters; page: number } {
  const filters = normalizeCollectionFilters({
    sort: search.get(COLLECTION_PARAM.sort) ?? undefined,
    min: priceParam(search.get(COLLECTION_PARAM.min)),
    max: priceParam(search.get(COLLECTION_PARAM.max)),
    on_sale: ON.has(search.get(COLLECTION_PARAM.onSale) ?? ''),
  });
  return { filters, page: pageParam(search.get(COLLECTION_PARAM.page)) };
}

/** The canonical query string (with its "?", or "" when everything is default). */
export function collectionSearch(filters: CollectionFilters, page = 1): string {
  const q = new URLSearchParams();
  if (filters.sort !== DEFAULT_COLLECTION_SORT) q.set(COLLECTION_PARAM.sort, filters.sort);
  if (filters.min !== undefined) q.set(COLLECTION_PARAM.min, String(filters.min));
  if (filters.max !== undefined) q.set(COLLECTION_PARAM.max, String(filters.max));
  if (filters.on_sale) q.set(COLLECTION_PARAM.onSale, '1');
  if (page > 1) q.set(COLLECTION_PARAM.page, String(page));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** How many filters (price bounds, on sale) are set: the sort is not a filter. */
export const activeFilterCount = (f: CollectionFilters) => Number(f.min !== undefined) + Number(f.max !== undefined) + Number(f.on_sale);

/**
 * The one query the collection page reads and the server prefetches: an infinite query whose
 * first fetch is page `pagina` alone (every URL draws at most one page of cards, and a shared link
 * opens where it was shared), whose next fetches add the following pages and whose previous ones
 * the pages before it.
 */
export function collectionPageQuery(trpc: Trpc, slug: string, search: URLSearchParams) {
  const { filters, page } = parseCollectionSearch(search);
  return trpc.catalog.collectionPage.infiniteQueryOptions(
    { slug, ...filters },
    {
      initialCursor: { from: page, to: page },
      getNextPageParam: (last, _all, cursor) => (last?.has_more && cursor ? { from: cursor.to + 1, to: cursor.to + 1 } : undefined),
      getPreviousPageParam: (_first, _all, cursor) =>
        cursor && cursor.from > 1 ? { from: cursor.from - 1, to: cursor.from - 1 } : undefined,
    },
  );
}
