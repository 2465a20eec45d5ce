import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { appRouter } from '../trpc/router.ts';
import type { TrpcContext } from '../trpc/trpc.ts';
import { keptOptionsProxy } from './options-memo.ts';

/** What one server render reads through tRPC with: its request's context and its own query client. */
export type RenderScope = { ctx: TrpcContext; queryClient: QueryClient };

const scopes = new AsyncLocalStorage<RenderScope>();
/** The options and keys a render was handed (options-memo.ts), for the rest of that render. */
const keptByScope = new WeakMap<RenderScope, Map<string, Map<string, unknown>>>();

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
 * which 23 KB were the proxies' paths; see the README for what it changed.
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
    let kept = keptByScope.get(scope);
    if (kept === undefined) {
      kept = new Map();
      keptByScope.set(scope, kept);
    }
    return kept;
  },
);

/** Runs `build` (and every read it starts) with `scope` as what `serverTrpc` reads with. */
export function withRenderScope<T>(scope: RenderScope, build: () => Promise<T>): Promise<T> {
  return scopes.run(scope, build);
}
