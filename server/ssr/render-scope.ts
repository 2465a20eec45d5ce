import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { appRouter } from '../trpc/router.ts';
import type { TrpcContext } from '../trpc/trpc.ts';
import { type KeptOptions, keptOptionsProxy } from './options-memo.ts';

/** What one server render reads through tRPC with: its request's context and its own query client. */
export type RenderScope = { ctx: TrpcContext; queryClient: QueryClient };

/**
 * A render's scope as the process keeps it, with the options and keys the render was handed
 * (options-memo.ts), kept for the rest of that render. Kept on the scope itself, not in a WeakMap
 * keyed by it: every entry of a WeakMap is an ephemeron, which V8's mark-compact traces in a pass of
 * its own, and a render's keys (below, query-client.ts) made tens of thousands of them between two
 * mark-compacts (measured 2026-12-01, product pages never asked before, PGlite, c10, one core: the
 * ephemeron passes took 5-11 ms of each mark-compact's 15-21 ms pause; none after).
 */
type ScopeState = RenderScope & { kept: KeptOptions | null };

const scopes = new AsyncLocalStorage<ScopeState>();

function current(): RenderScope {
  const scope = scopes.getStore();
  if (!scope) throw new Error('a server render read through tRPC outside withRenderScope');
  return scope;
}

/**
 * The tRPC options proxy of every server render (the storefront's pages and the admin's shell),
 * one for the process: its context and query client are the render's, found through
 * AsyncLocalStorage. The proxy keeps a proxy object for each path it is asked for; one made per
 * render (and one more by the render's `TRPCProvider`) held those for as long as the page was being
 * built, and under load they were the largest share of what each page left to the old generation.
 * Measured 2026-11-29 on the 20,000-product shop, product pages never asked before, PostgreSQL,
 * c10, one core (V8's heap sampling, objects that outlived a young collection): 74 KB a page, of
 * which 23 KB were the proxies' paths; docs/performance-log.md says what it changed.
 */
export const serverTrpc = keptOptionsProxy(
  createTRPCOptionsProxy({
    router: appRouter,
    ctx: () => current().ctx,
    queryClient: () => current().queryClient,
  }),
  () => {
    const scope = scopes.getStore();
    if (!scope) return undefined;
    scope.kept ??= new Map();
    return scope.kept;
  },
);

/** Runs `build` (and every read it starts) with `scope` as what `serverTrpc` reads with. */
export function withRenderScope<T>(scope: RenderScope, build: () => Promise<T>): Promise<T> {
  return scopes.run({ ...scope, kept: null }, build);
}
