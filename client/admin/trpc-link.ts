import { httpLink, isNonJsonSerializable, splitLink, type TRPCLink } from '@trpc/client';
import type { AppRouter } from '../../server/trpc/router.ts';
import { batchLink, sameOrigin } from '../trpc.ts';

/** `mutate(input, { context: { idempotencyKey } })` sends it as the Idempotency-Key header (server: src/idempotency). */
function idempotencyHeader(context: Record<string, unknown>): Record<string, string> {
  const key = context.idempotencyKey;
  return typeof key === 'string' ? { 'idempotency-key': key } : {};
}

/**
 * The admin's link: uploads (FormData) and creates carrying an Idempotency-Key (one header per
 * request) go alone over httpLink; everything else is batched. Admin-only, so the storefront's
 * bundle carries neither (vite.config.ts keeps httpLink out of the shared vendor chunk).
 */
export const adminLink = (): TRPCLink<AppRouter> =>
  splitLink({
    condition: (op) => isNonJsonSerializable(op.input) || typeof op.context.idempotencyKey === 'string',
    true: httpLink({ url: '/trpc', fetch: sameOrigin, headers: ({ op }) => idempotencyHeader(op.context) }),
    false: batchLink(),
  });
