/**
 * The server render's tRPC options proxy keeps what it hands out for the rest of one render
 * (server/ssr/options-memo.ts): the same options and keys tRPC makes, made once per render.
 */
import { hashKey, QueryClient, skipToken } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { describe, expect, it } from 'vitest';
import { serverHashKey } from '../server/ssr/query-client.ts';
import { serverTrpc, withRenderScope } from '../server/ssr/render-scope.ts';
import { appRouter } from '../server/trpc/router.ts';
import type { TrpcContext } from '../server/trpc/trpc.ts';

/** Runs `build` as a render does: its own scope and query client (no read is made here). */
const inRender = <T>(build: () => T) => withRenderScope({ ctx: {} as TrpcContext, queryClient: new QueryClient() }, async () => build());

/** tRPC's own proxy, for comparison: what the kept one must hand out. */
const plain = createTRPCOptionsProxy({ router: appRouter, ctx: () => ({}) as TrpcContext, queryClient: () => new QueryClient() });

describe("the server render's tRPC options", () => {
  it('are made once per render for one path and input', async () => {
    await inRender(() => {
      expect(serverTrpc.settings.get.queryOptions()).toBe(serverTrpc.settings.get.queryOptions());
      expect(serverTrpc.settings.get.queryKey()).toBe(serverTrpc.settings.get.queryKey());
      const a = serverTrpc.catalog.productPage.queryOptions({ slug: 'a' });
      expect(serverTrpc.catalog.productPage.queryOptions({ slug: 'a' })).toBe(a);
      expect(serverTrpc.catalog.productPage.queryOptions({ slug: 'b' })).not.toBe(a);
      expect(serverTrpc.catalog.productPage.queryOptions({ slug: 'b' }).queryKey).toEqual(
        plain.catalog.productPage.queryOptions({ slug: 'b' }).queryKey,
      );
    });
  });

  it("are tRPC's own options and keys", async () => {
    await inRender(() => {
      const kept = serverTrpc.reviews.list.queryOptions({ product_id: 7 });
      const own = plain.reviews.list.queryOptions({ product_id: 7 });
      expect(kept.queryKey).toEqual(own.queryKey);
      expect(Object.keys(kept).sort()).toEqual(Object.keys(own).sort());
      expect(serverTrpc.catalog.collections.queryKey()).toEqual(plain.catalog.collections.queryKey());
    });
  });

  it('are never shared between renders', async () => {
    const first = await inRender(() => serverTrpc.settings.get.queryOptions());
    const second = await inRender(() => serverTrpc.settings.get.queryOptions());
    expect(second).not.toBe(first);
    expect(second.queryKey).toEqual(first.queryKey);
  });

  it('are made anew outside a render, with a second argument, and for skipToken', async () => {
    expect(serverTrpc.settings.get.queryKey()).not.toBe(serverTrpc.settings.get.queryKey());
    await inRender(() => {
      const withOptions = serverTrpc.settings.get.queryOptions(undefined, { staleTime: 5 });
      expect(serverTrpc.settings.get.queryOptions(undefined, { staleTime: 5 })).not.toBe(withOptions);
      expect(withOptions.staleTime).toBe(5);
      const skipped = serverTrpc.catalog.productPage.queryOptions(skipToken);
      expect(skipped.queryFn).toBe(skipToken);
      expect(serverTrpc.catalog.productPage.queryOptions(skipToken)).not.toBe(skipped);
    });
  });

  it('are hashed as TanStack hashes them, once per key', () => {
    const key = plain.catalog.productPage.queryKey({ slug: 'a' });
    expect(serverHashKey(key)).toBe(hashKey(key));
    expect(serverHashKey([['x'], { input: { b: 1, a: [2, { d: 1, c: 0 }] }, type: 'query' }])).toBe(
      hashKey([['x'], { input: { b: 1, a: [2, { d: 1, c: 0 }] }, type: 'query' }]),
    );
  });
});
