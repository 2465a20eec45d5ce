import type { QueryClient } from '@tanstack/react-query';
import { FEATURED_PATH, FEATURED_SLUG } from '../../shared/catalog-paths.ts';
import { LEGAL_PAGES, legalPath } from '../../shared/legal-pages.ts';
import { isSlug } from '../../shared/text-rules.ts';
import type { Trpc } from '../trpc.ts';
import { collectionPageQuery } from './collection/collection-search.ts';

import { matchPath } from './router.tsx';

type Params = Record<string, string | undefined>;

/**
 * The storefront's data needs, declared once: the server prefetches exactly these queries before
 * rendering, and the page components read the same queries, so hydration needs no refetch.
 */
export type StorefrontRoute = {
  path: string;
  /** `search` is the URL's query string (sort and filters of the collection page). */
  prefetch: (trpc: Trpc, qc: QueryClient, params: Params, search: URLSearchParams) => Promise<unknown>[];
  /**
   * True when the page's main data does not exist (the server answers 404). A slug that cannot be
   * one (too long, control characters: shared/text-rules.ts) is not even looked up.
   */
  missing?: (trpc: Trpc, qc: QueryClient, params: Params, search: URLSearchParams) => boolean;
};

/** The collection page's first fetch (its collection), from the same query the page reads. */
const collectionPageData = (trpc: Trpc, qc: QueryClient, p: Params, search: URLSearchParams) =>
  qc.getQueryData(collectionPageQuery(trpc, p.slug ?? '', search).queryKey)?.pages[0];

export const STOREFRONT_ROUTES: StorefrontRoute[] = [
  {
    path: '/',
    prefetch: (trpc, qc) => [qc.prefetchQuery(trpc.catalog.home.queryOptions()), qc.prefetchQuery(trpc.content.banners.queryOptions())],
  },
  {
    path: '/produto/:slug',
    prefetch: (trpc, qc, p) =>
      isSlug(p.slug ?? '')
        ? [
            qc.prefetchQuery(trpc.catalog.productPage.queryOptions({ slug: p.slug ?? '' })).then(() => {
              const product = qc.getQueryData(trpc.catalog.productPage.queryKey({ slug: p.slug ?? '' }));
              return product ? qc.prefetchQuery(trpc.reviews.list.queryOptions({ product_id: product.id })) : undefined;
            }),
          ]
        : [],
    missing: (trpc, qc, p) => !isSlug(p.slug ?? '') || qc.getQueryData(trpc.catalog.productPage.queryKey({ slug: p.slug ?? '' })) === null,
  },
  {
    // The featured products' own listing: the collection page with FEATURED_SLUG.
    path: FEATURED_PATH,
    prefetch: (trpc, qc, _p, search) => [qc.prefetchInfiniteQuery(collectionPageQuery(trpc, FEATURED_SLUG, search))],
    missing: (trpc, qc, _p, search) => collectionPageData(trpc, qc, { slug: FEATURED_SLUG }, search) === null,
  },
  {
    path: '/colecao/:slug',
    prefetch: (trpc, qc, p, search) =>
      isSlug(p.slug ?? '') ? [qc.prefetchInfiniteQuery(collectionPageQuery(trpc, p.slug ?? '', search))] : [],
    missing: (trpc, qc, p, search) => !isSlug(p.slug ?? '') || collectionPageData(trpc, qc, p, search) === null,
  },
  // The legal pages (issue 18 part 3): /trocas-e-devolucoes, /politica-de-privacidade, /termos-de-uso.
  ...LEGAL_PAGES.map(
    (slug): StorefrontRoute => ({
      path: legalPath(slug),
      prefetch: (trpc, qc) => [qc.prefetchQuery(trpc.legal.page.queryOptions({ slug }))],
    }),
  ),
];

export function matchStorefrontRoute(pathname: string): { route: StorefrontRoute; params: Params } | null {
  for (const route of STOREFRONT_ROUTES) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}
