import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NO_COLLECTION_FILTER, PRODUCT_ADMIN } from '../../../shared/product-admin.ts';
import { useTRPC } from '../../trpc.ts';
import { productListInput } from '../first-reads.ts';
import { NO_COLLECTION } from './product-form.ts';

/** The collection filter's "every collection" value. */
export const ALL_COLLECTIONS = 'all';

/**
 * 'Produtos' list state: the search box, the collection filter and the page, and the one page of
 * products the server answers for them. Typing asks the server once it pauses; the page on screen
 * stays until the next one arrives; a new search or filter goes back to page 1.
 */
export function useProductPage() {
  const trpc = useTRPC();
  const [search, setSearchText] = useState('');
  const [filter, setFilterValue] = useState<string>(ALL_COLLECTIONS);
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search.trim(), PRODUCT_ADMIN.searchDebounceMs);
  const input = productListInput({
    q,
    collection_id: filter === ALL_COLLECTIONS ? undefined : filter === NO_COLLECTION ? NO_COLLECTION_FILTER : Number(filter),
    page,
  });
  const query = useQuery({ ...trpc.products.adminPage.queryOptions(input), placeholderData: keepPreviousData });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PRODUCT_ADMIN.pageSize));
  // The last page emptied by a delete: show the one that is now last.
  const pastEnd = query.data !== undefined && query.data.items.length === 0 && page > pages;
  useEffect(() => {
    if (pastEnd) setPage(pages);
  }, [pastEnd, pages]);
  return {
    query,
    items: query.data?.items ?? [],
    total,
    page: Math.min(page, pages),
    pages,
    setPage,
    search,
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    filter,
    setFilter: (value: string) => {
      setFilterValue(value);
      setPage(1);
    },
  };
}
