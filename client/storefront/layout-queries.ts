import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { Trpc } from '../trpc.ts';

/**
 * The reads of the layout every page renders (header, menu, footer), none with an input. Apart from
 * the routes (router.tsx) so that the server can import it: it seeds them from the public cache
 * (server/ssr/routes.ts).
 */
export const layoutQueries = (trpc: Trpc) => [
  trpc.settings.get.queryOptions(),
  trpc.content.layout.queryOptions(),
  trpc.catalog.collections.queryOptions(),
];

export const layoutPrefetch = (trpc: Trpc, qc: QueryClient) =>
  layoutQueries(trpc).map((options) => qc.prefetchQuery(options as FetchQueryOptions));
