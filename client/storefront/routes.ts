import type { QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { matchPath } from 'react-router';
import type { AppRouter } from '../../server/trpc/router.ts';

export type Trpc = TRPCOptionsProxy<AppRouter>;
type Params = Record<string, string | undefined>;

/**
 * The storefront's data needs, declared once: the server prefetches exactly these queries before
 * rendering, and the page components read the same queries, so hydration needs no refetch.
 */
export type StorefrontRoute = {
  path: string;
  /** `search` is the URL's query string (sort and filters of the collection page). */
  prefetch: (trpc: Trpc, qc: QueryClient, params: Params, search: URLSearchParams) => Promise<unknown>[];
  /** True when the page's main data does not exist (the server answers 404). */
  missing?: (trpc: Trpc, qc: QueryClient, params: Params) => boolean;
  title?: (trpc: Trpc, qc: QueryClient, params: Params) => string | undefined;
};

export const layoutPrefetch = (trpc: Trpc, qc: QueryClient) => [
  qc.prefetchQuery(trpc.settings.get.queryOptions()),
  qc.prefetchQuery(trpc.content.layout.queryOptions()),
  qc.prefetchQuery(trpc.catalog.collections.queryOptions()),
];

export const STOREFRONT_ROUTES: StorefrontRoute[] = [
  {
    path: '/',
    prefetch: (trpc, qc) => [qc.prefetchQuery(trpc.catalog.home.queryOptions()), qc.prefetchQuery(trpc.content.banners.queryOptions())],
  },
  {
    path: '/produto/:slug',
    prefetch: (trpc, qc, p) => [
      qc.prefetchQuery(trpc.catalog.productPage.queryOptions({ slug: p.slug ?? '' })).then(() => {
        const product = qc.getQueryData(trpc.catalog.productPage.queryKey({ slug: p.slug ?? '' }));
        return product ? qc.prefetchQuery(trpc.reviews.list.queryOptions({ product_id: product.id })) : undefined;
      }),
    ],
    missing: (trpc, qc, p) => qc.getQueryData(trpc.catalog.productPage.queryKey({ slug: p.slug ?? '' })) === null,
    title: (trpc, qc, p) => qc.getQueryData(trpc.catalog.productPage.queryKey({ slug: p.slug ?? '' }))?.title,
  },
  {
    path: '/colecao/:slug',
    prefetch: (trpc, qc, p) => [qc.prefetchQuery(trpc.catalog.collectionPage.queryOptions({ slug: p.slug ?? '' }))],
    missing: (trpc, qc, p) => qc.getQueryData(trpc.catalog.collectionPage.queryKey({ slug: p.slug ?? '' })) === null,
    title: (trpc, qc, p) => qc.getQueryData(trpc.catalog.collectionPage.queryKey({ slug: p.slug ?? '' }))?.collection.name,
  },
];

export function matchStorefrontRoute(pathname: string): { route: StorefrontRoute; params: Params } | null {
  for (const route of STOREFRONT_ROUTES) {
    const m = matchPath(route.path, pathname);
    if (m) return { route, params: m.params };
  }
  return null;
}
