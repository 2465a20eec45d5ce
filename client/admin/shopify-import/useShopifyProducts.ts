import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PRODUCT_ADMIN } from '../../../shared/product-admin.ts';
import { SHOPIFY_PAGE_SIZE } from '../../../shared/shopify.ts';
import { useTRPC } from '../../trpc.ts';

/**
 * One page of the connected shop's products: the search box (Shopify searches once typing
 * pauses) and the cursors of the pages seen, so 'Anterior' goes back without asking for offsets
 * Shopify does not have. A new search starts again at the first page.
 */
export function useShopifyProducts(enabled: boolean, first: number = SHOPIFY_PAGE_SIZE.default) {
  const trpc = useTRPC();
  const [search, setSearchText] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const [q] = useDebouncedValue(search.trim(), PRODUCT_ADMIN.shopifySearchDebounceMs);
  const after = cursors.at(-1);
  const query = useQuery({
    ...trpc.shopify.products.queryOptions({ query: q || undefined, after, first }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
    // Asked of Shopify: not again each time the tab comes back to the front (AdminRoot's default).
    refetchOnWindowFocus: false,
  });
  const next = query.data?.next_cursor ?? null;
  return {
    query,
    items: query.data?.items ?? [],
    page: cursors.length + 1,
    search,
    setSearch: (text: string) => {
      setSearchText(text);
      setCursors([]);
    },
    hasNext: next !== null,
    hasPrevious: cursors.length > 0,
    next: () => next && setCursors((c) => [...c, next]),
    previous: () => setCursors((c) => c.slice(0, -1)),
  };
}
