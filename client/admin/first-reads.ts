import type { QueryClient } from '@tanstack/react-query';
import { NO_COLLECTION_FILTER, PRODUCT_ADMIN, type ProductAdminPageInput } from '../../shared/product-admin.ts';
import type { Trpc } from '../trpc.ts';

/** 'Produtos': the list's input for a search, a collection filter and a page (useProductPage). */
export const productListInput = (s: { q?: string; collection_id?: ProductAdminPageInput['collection_id']; page: number }) => ({
  q: s.q || undefined,
  collection_id: s.collection_id,
  page: s.page,
  limit: PRODUCT_ADMIN.pageSize,
});

/** 'Organizar Produtos': the list's input for a collection (or the featured list) and a page (ProductOrderPage). */
export const orderListInput = (collectionId: number | typeof NO_COLLECTION_FILTER, page: number) =>
  ({ collection_id: collectionId, page, limit: PRODUCT_ADMIN.orderPageSize }) as const;

/**
 * What an admin screen reads first, by its path, for a signed-in admin: the admin shell's HTML
 * carries the answers (server/ssr/routes.ts), so the screen draws its rows with its first render
 * instead of asking once its code has run and drawn (on the 20,000-product catalogue in Chromium
 * here, the list's request left 400-550 ms after the scripts had run). The screens open on these
 * very inputs (built by the functions above), so their queries find the answers in the cache.
 */
export function prefetchFirstReads(trpc: Trpc, queryClient: QueryClient, path: string): Promise<void>[] {
  const reads: Promise<void>[] = [queryClient.prefetchQuery(trpc.settings.admin.queryOptions())];
  const screen = path.split('?')[0]?.replace(/\/+$/, '');
  if (screen === '/admin/produtos') {
    reads.push(
      queryClient.prefetchQuery(trpc.collections.list.queryOptions()),
      queryClient.prefetchQuery(trpc.shopify.status.queryOptions()),
      queryClient.prefetchQuery(trpc.products.adminPage.queryOptions(productListInput({ page: 1 }))),
    );
  } else if (screen === '/admin/organizar-produtos') {
    reads.push(
      queryClient.prefetchQuery(trpc.collections.list.queryOptions()),
      queryClient.prefetchQuery(trpc.products.adminPage.queryOptions(orderListInput(NO_COLLECTION_FILTER, 1))),
    );
  }
  return reads;
}
