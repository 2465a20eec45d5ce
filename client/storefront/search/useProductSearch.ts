import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ProductDto } from '../../../shared/catalog.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { useTRPC } from '../../trpc.ts';

/** `value`, once it has stopped changing for `ms` milliseconds. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export type ProductSearch = {
  /** The last answer received, for the term it answered; null before any (or after a blank term). */
  results: { term: string; products: ProductDto[] } | null;
  /** A search for the current term is waiting for its debounce or its answer. */
  searching: boolean;
};

/**
 * The search overlay's data (spec §2, §5, §8, §9): the trimmed term, debounced 300 ms, asks
 * `catalog.products` for at most 8 products; a blank term asks nothing. While a search is in
 * flight, and after one fails (only logged), the previous answer stays on screen.
 */
export function useProductSearch(term: string): ProductSearch {
  const trpc = useTRPC();
  const trimmed = term.trim();
  const debounced = useDebounced(trimmed, LIMITS.searchDebounceMs);
  const query = useQuery({
    ...trpc.catalog.products.queryOptions({ q: debounced, limit: LIMITS.searchMaxResults }),
    enabled: debounced !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });

  // The last real answer (not the placeholder), kept through pending and failed searches, and
  // dropped while the field is blank: one state, one update per render, so the answer for a term
  // still settling in the debounce can never be set back right after a blank field cleared it.
  const [results, setResults] = useState<ProductSearch['results']>(null);
  const fresh = query.isSuccess && !query.isPlaceholderData && debounced !== '';
  let next = results;
  if (trimmed === '') next = null;
  else if (fresh && (results?.term !== debounced || results.products !== query.data)) next = { term: debounced, products: query.data };
  if (next !== results) setResults(next);

  useEffect(() => {
    if (query.error) console.error('Falha na busca de produtos', query.error);
  }, [query.error]);

  const waiting = trimmed !== '' && trimmed !== debounced;
  return { results: next, searching: waiting || (debounced !== '' && query.isFetching) };
}
