import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, isNonJsonSerializable, splitLink } from '@trpc/client';
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

const sameOrigin: typeof fetch = (input, init) => fetch(input, { ...init, credentials: 'same-origin' });

/** `mutate(input, { context: { idempotencyKey } })` sends it as the Idempotency-Key header (server: src/idempotency). */
function idempotencyHeader(context: Record<string, unknown>): Record<string, string> {
  const key = context.idempotencyKey;
  return typeof key === 'string' ? { 'idempotency-key': key } : {};
}

export function makeTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      // Uploads (FormData) and creates carrying an Idempotency-Key (one header per request) go alone
      // over httpLink; everything else is batched.
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input) || typeof op.context.idempotencyKey === 'string',
        true: httpLink({ url: '/trpc', fetch: sameOrigin, headers: ({ op }) => idempotencyHeader(op.context) }),
        false: httpBatchLink({ url: '/trpc', maxItems: 10, fetch: sameOrigin }),
      }),
    ],
  });
}
export type TrpcClient = ReturnType<typeof makeTrpcClient>;
