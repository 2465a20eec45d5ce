import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, type TRPCLink } from '@trpc/client';
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createContext, createElement, type ReactNode, use, useMemo } from 'react';
import type { AppRouter } from '../server/trpc/router.ts';

export type Trpc = TRPCOptionsProxy<AppRouter>;

const ClientContext = createContext<TrpcClient | null>(null);
const ProxyContext = createContext<Trpc | null>(null);

/**
 * tRPC for the components below, as `createTRPCContext`'s provider gives it (`useTRPC`,
 * `useTRPCClient`), with one difference: a server render passes the process's own options proxy
 * (`trpc`, server/ssr/render-scope.ts) instead of having a new one made for every page it draws.
 * In the browser the proxy is made once, from the tRPC and query clients.
 */
export function TRPCProvider(props: { trpcClient: TrpcClient; queryClient: QueryClient; trpc?: Trpc; children: ReactNode }) {
  const { trpcClient, queryClient, trpc } = props;
  const proxy = useMemo(
    () => trpc ?? createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient }),
    [trpc, trpcClient, queryClient],
  );
  return createElement(ClientContext, { value: trpcClient }, createElement(ProxyContext, { value: proxy }, props.children));
}

export function useTRPC(): Trpc {
  const proxy = use(ProxyContext);
  if (!proxy) throw new Error('useTRPC() can only be used inside of a <TRPCProvider>');
  return proxy;
}

export function useTRPCClient(): TrpcClient {
  const client = use(ClientContext);
  if (!client) throw new Error('useTRPCClient() can only be used inside of a <TRPCProvider>');
  return client;
}

/**
 * One QueryClient per page load (and per request on the server). A non-zero staleTime keeps the
 * server-rendered data: hydration does not refetch it. `refetchOnWindowFocus: 'always'` (the
 * admin) reads what is on screen again whenever the tab comes back to the front.
 */
export function makeQueryClient({ refetchOnWindowFocus = false }: { refetchOnWindowFocus?: false | 'always' } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus },
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
