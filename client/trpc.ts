import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, type TRPCLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../server/trpc/router.ts';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * One QueryClient per page load (and per request on the server). A non-zero staleTime keeps the
 * server-rendered data: hydration does not refetch it.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

export const sameOrigin: typeof fetch = (input, init) => fetch(input, { ...init, credentials: 'same-origin' });

/** Every call over one batched request per tick: all the storefront needs (reads, no uploads). */
export const batchLink = () => httpBatchLink({ url: '/trpc', maxItems: 10, fetch: sameOrigin });

/** The tRPC client over `links` (the admin adds uploads and Idempotency-Key headers: admin/trpc-link.ts). */
export function makeTrpcClient(links: TRPCLink<AppRouter>[] = [batchLink()]) {
  return createTRPCClient<AppRouter>({ links });
}
export type TrpcClient = ReturnType<typeof makeTrpcClient>;
