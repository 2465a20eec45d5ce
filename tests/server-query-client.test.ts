/**
 * The server render's query client (server/ssr/query-client.ts) loads reads the way TanStack's
 * fetch would: the cached answer, one load per key at a time, TanStack's own error state. What it
 * is for (fewer of a page's objects left to V8's old generation) is measured by the benchmark.
 */
import { dehydrate, QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeServerQueryClient, type ServerQueryClient } from '../server/ssr/query-client.ts';

const client = () => makeServerQueryClient() as ServerQueryClient;
/** TanStack's own client, without retries as on the server: what ours is compared with. */
const tanstack = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** A query function that fails with `error`, counting its calls. */
function failingRead(error: Error) {
  const read = {
    calls: 0,
    queryFn: async (): Promise<never> => {
      read.calls++;
      throw error;
    },
  };
  return read;
}

/** A query's state without its timestamps, for comparing two clients. */
function untimed(qc: QueryClient, queryKey: QueryKey) {
  const { dataUpdatedAt: _a, errorUpdatedAt: _b, ...rest } = qc.getQueryState(queryKey) ?? {};
  return rest;
}

describe('the server query client loads reads as TanStack would', () => {
  it('loads through the query function once and answers from the cache afterwards', async () => {
    const qc = client();
    let calls = 0;
    const options = { queryKey: ['product', { slug: 'a' }], queryFn: async () => ({ n: ++calls }) };
    expect(await qc.fetchQuery(options)).toEqual({ n: 1 });
    expect(await qc.fetchQuery(options)).toEqual({ n: 1 });
    expect(calls).toBe(1);
    const state = qc.getQueryState(options.queryKey);
    expect(state?.status).toBe('success');
    expect(state?.fetchStatus).toBe('idle');
    expect(qc.getQueryData(options.queryKey)).toEqual({ n: 1 });
  });

  it('gives the query function the context TanStack gives it, with a signal that is never aborted', async () => {
    const qc = client();
    let seen: { queryKey: unknown; meta: unknown; aborted: boolean; client: unknown } | undefined;
    await qc.prefetchQuery({
      queryKey: ['k'],
      meta: { tag: 'x' },
      queryFn: async (ctx) => {
        seen = { queryKey: ctx.queryKey, meta: ctx.meta, aborted: ctx.signal.aborted, client: ctx.client };
        return 1;
      },
    });
    expect(seen).toEqual({ queryKey: ['k'], meta: { tag: 'x' }, aborted: false, client: qc });
  });

  it('shares one load between reads of one key under way at once', async () => {
    const qc = client();
    let calls = 0;
    let release: (v: string) => void = () => {};
    const options = {
      queryKey: ['shared'],
      queryFn: () => {
        calls++;
        return new Promise<string>((ok) => {
          release = ok;
        });
      },
    };
    const both = Promise.all([qc.fetchQuery(options), qc.fetchQuery(options), qc.prefetchQuery(options)]);
    release('done');
    expect(await both).toEqual(['done', 'done', undefined]);
    expect(calls).toBe(1);
  });

  it('records a failure as TanStack does, without reading again', async () => {
    const qc = client();
    const plain = tanstack();
    const error = new Error('database unavailable');
    const read = failingRead(error);
    const options = { queryKey: ['failing'], queryFn: read.queryFn };
    await expect(qc.fetchQuery(options)).rejects.toBe(error);
    await expect(plain.fetchQuery(options)).rejects.toBe(error);
    expect(read.calls).toBe(2);
    expect(qc.getQueryState(options.queryKey)?.error).toBe(error);
    expect(untimed(qc, options.queryKey)).toEqual(untimed(plain, options.queryKey));
    // prefetchQuery swallows it, as TanStack's does, and leaves the error in the cache.
    await expect(qc.prefetchQuery({ ...options, queryKey: ['failing', 2] })).resolves.toBeUndefined();
    expect(qc.getQueryState(['failing', 2])?.status).toBe('error');
  });

  it('refuses an undefined answer with an error, as TanStack does', async () => {
    const qc = client();
    await qc.prefetchQuery({ queryKey: ['nothing'], queryFn: async () => undefined as unknown as string });
    expect(qc.getQueryState(['nothing'])?.status).toBe('error');
    expect(qc.getQueryData(['nothing'])).toBeUndefined();
  });

  it('loads the first page of an infinite query with its initial page param', async () => {
    const qc = client();
    const seen: unknown[] = [];
    const options = {
      queryKey: ['collection', { slug: 'c' }],
      initialPageParam: { from: 2, to: 2 },
      getNextPageParam: () => undefined,
      queryFn: async (ctx: { pageParam: unknown; direction: unknown }) => {
        seen.push([ctx.pageParam, ctx.direction]);
        return { products: [1, 2] };
      },
    };
    await qc.prefetchInfiniteQuery(options);
    expect(qc.getQueryData(options.queryKey)).toEqual({ pages: [{ products: [1, 2] }], pageParams: [{ from: 2, to: 2 }] });
    expect(seen).toEqual([[{ from: 2, to: 2 }, 'forward']]);
    // Cached: asked again, nothing is read.
    await qc.fetchInfiniteQuery(options);
    expect(seen).toHaveLength(1);
  });

  it('records a failing infinite query as TanStack does, and settles', async () => {
    const qc = client();
    const plain = tanstack();
    const error = new Error('store locked');
    const read = failingRead(error);
    const options = { queryKey: ['collection', 'failing'], initialPageParam: 1, getNextPageParam: () => undefined, queryFn: read.queryFn };
    await expect(qc.fetchInfiniteQuery(options)).rejects.toBe(error);
    await expect(plain.fetchInfiniteQuery(options)).rejects.toBe(error);
    expect(read.calls).toBe(2);
    expect(untimed(qc, options.queryKey)).toEqual(untimed(plain, options.queryKey));
    expect(qc.getQueryState(options.queryKey)?.status).toBe('error');
    // A page that is no answer at all: what TanStack makes of it, too.
    const nothing = { ...options, queryKey: ['collection', 'nothing'], queryFn: async () => undefined };
    await qc.prefetchInfiniteQuery(nothing);
    await plain.prefetchInfiniteQuery(nothing);
    expect(qc.getQueryData(nothing.queryKey)).toEqual(plain.getQueryData(nothing.queryKey));
    expect(qc.getQueryState(nothing.queryKey)?.status).toBe(plain.getQueryState(nothing.queryKey)?.status);
  });

  it('hydrates the browser with the same state as TanStack would send, plain and infinite queries alike', async () => {
    const plain = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
    const ours = client();
    for (const qc of [plain, ours]) {
      await qc.prefetchQuery({ queryKey: ['product', { slug: 'a' }], meta: { m: 1 }, queryFn: async () => ({ id: 1 }) });
      await qc.prefetchInfiniteQuery({
        queryKey: ['collection', { slug: 'c' }],
        initialPageParam: { from: 1, to: 1 },
        getNextPageParam: () => undefined,
        queryFn: async () => ({ products: [1] }),
      });
    }
    const state = (qc: QueryClient) =>
      JSON.parse(JSON.stringify(dehydrate(qc)).replace(/"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g, '"$1":0'));
    expect(state(ours)).toEqual(state(plain));
    expect(state(ours).queries.find((q: { queryType?: string }) => q.queryType === 'infinite')).toBeTruthy();
  });

  it('leaves to TanStack what it does itself: several pages, initial data, ensureInfiniteQueryData', async () => {
    const qc = client();
    const pages = {
      queryKey: ['collection', 'two pages'],
      initialPageParam: 1,
      getNextPageParam: (_last: unknown, all: unknown[]) => (all.length < 3 ? all.length + 1 : undefined),
      queryFn: async ({ pageParam }: { pageParam: number }) => ({ page: pageParam }),
      pages: 2,
    };
    expect(await qc.fetchInfiniteQuery(pages)).toEqual({ pages: [{ page: 1 }, { page: 2 }], pageParams: [1, 2] });
    const ensured = await qc.ensureInfiniteQueryData({ ...pages, queryKey: ['collection', 'ensured'], pages: undefined });
    expect(ensured).toEqual({ pages: [{ page: 1 }], pageParams: [1] });
    let called = false;
    const data = await qc.fetchQuery({
      queryKey: ['initial'],
      initialData: 'given',
      queryFn: async () => {
        called = true;
        return 'read';
      },
    });
    expect([data, called]).toEqual(['given', false]);
  });

  it('never retries a failure, whatever the options say', async () => {
    const qc = client();
    const read = failingRead(new Error('down'));
    const failing = { queryKey: ['retried'], retry: 3, retryDelay: 60_000, queryFn: read.queryFn };
    await expect(qc.fetchQuery(failing)).rejects.toThrow('down');
    expect(read.calls).toBe(1);
    expect(qc.getQueryState(['retried'])?.status).toBe('error');
  });
});
