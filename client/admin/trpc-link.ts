import { httpLink, isNonJsonSerializable, splitLink, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../../server/trpc/router.ts';
import { batchLink, sameOrigin } from '../trpc.ts';
import { makeIdempotencyKeys, signature } from './crud/idempotency-key.ts';

/** `mutate(input, { context: { idempotencyKey } })` sends it as the Idempotency-Key header (server: src/idempotency). */
function idempotencyHeader(context: Record<string, unknown>): Record<string, string> {
  const key = context.idempotencyKey;
  return typeof key === 'string' ? { 'idempotency-key': key } : {};
}

/**
 * Gives every mutation an Idempotency-Key (one home for the admin: no form has to remember it).
 * The server honours it on creates and ignores it elsewhere; the key is kept for the same path and
 * input until a call succeeds, so a retry of a create whose answer was lost creates nothing twice.
 */
export function idempotencyKeyLink(): TRPCLink<AppRouter> {
  const keys = makeIdempotencyKeys();
  return () =>
    ({ op, next }) => {
      if (op.type !== 'mutation' || typeof op.context.idempotencyKey === 'string') return next(op);
      const request = `${op.path} ${signature(op.input)}`;
      const withKey = { ...op, context: { ...op.context, idempotencyKey: keys.keyFor(request) } };
      return observable((observer) =>
        next(withKey).subscribe({
          next(value) {
            keys.settled(request);
            observer.next(value);
          },
          error: (e) => observer.error(e),
          complete: () => observer.complete(),
        }),
      );
    };
}

/**
 * The admin's link: every mutation carries an Idempotency-Key (idempotencyKeyLink) and goes alone
 * over httpLink (one header per request), uploads (FormData) too; queries are batched. Admin-only,
 * so the storefront's bundle carries neither (vite.config.ts keeps httpLink out of the shared vendor chunk).
 */
export const adminLink = (): TRPCLink<AppRouter>[] => [
  idempotencyKeyLink(),
  splitLink({
    condition: (op) => isNonJsonSerializable(op.input) || typeof op.context.idempotencyKey === 'string',
    true: httpLink({ url: '/trpc', fetch: sameOrigin, headers: ({ op }) => idempotencyHeader(op.context) }),
    false: batchLink(),
  }),
];
