import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../trpc.ts';

/**
 * Reloads the lists a change touches (spec §4: every create, update or delete is followed by a
 * reload): the given queries first, then every catalogue and content list (a product change shows in
 * the collection filter, a collection change in the product list...), the storefront's public reads
 * and the dashboard. Only the queries on screen refetch; the others are marked stale.
 */
export function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (...keys: QueryKey[]) =>
    Promise.all(
      [
        ...keys,
        trpc.topHeaders.pathKey(),
        trpc.banners.pathKey(),
        trpc.collections.pathKey(),
        trpc.products.pathKey(),
        trpc.productImages.pathKey(),
        trpc.catalog.pathKey(),
        trpc.content.pathKey(),
        trpc.dashboard.pathKey(),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}
