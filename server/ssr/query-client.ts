import {
  type DefaultError,
  type FetchInfiniteQueryOptions,
  type FetchQueryOptions,
  hashKey,
  type InfiniteData,
  QueryClient,
  type QueryFunctionContext,
  type QueryKey,
} from '@tanstack/react-query';

/** What a server read is handed as its signal: nothing cancels a read of a render once started. */
const NEVER_ABORTED = new AbortController().signal;

/**
 * The query client of one server render: TanStack's own, except that a read the render asks for
 * (`prefetchQuery`, `fetchQuery` and their infinite forms, through the routes' and layout's
 * prefetches) is loaded by calling its `queryFn` and caching the answer (`setQueryData`), not by
 * TanStack's `Query.fetch`.
 *
 * Why: with `Query.fetch`, most of every page built on a miss reached V8's old generation (it
 * outlived two young collections) and stayed there as garbage until the next full collection,
 * whose marking holds the event loop 60-100 ms on a one-core server: those pauses were the p99 of
 * pages never asked before. Measured 2026-11-30 on the 20,000-product shop (PostgreSQL, product
 * pages never asked before, c10, one core, `--trace-gc-nvp`): 20.7 KB promoted a page with
 * `Query.fetch`, 4.6 KB with this client, p99 57 against 39 ms; the same 4.7 KB when, for the
 * measurement only, TanStack's fetch context had its `signal` as a plain value instead of a getter
 * (a closure over the query, made on every fetch with `Object.defineProperties`). Rendering the
 * page without the route's reads promoted 0.1 KB; calling their query functions directly, 3.6 KB.
 * How that getter carries the page through young collections is not pinned down (a reproduction
 * outside the server, with fetches waiting across forced young collections, promotes as much
 * either way): the figures above are the reason, and the bench's rows of pages never asked before
 * watch them. The same TanStack code runs in the browser, where a heap of one page does not
 * matter; the server sidesteps it here rather than patching a dependency.
 *
 * What TanStack's fetch does that matters to a render is kept: a query with data is left to
 * TanStack (it answers from its cache), reads of one key under way at once share one load, and a
 * read that fails is handed to TanStack's own fetch with the same error (a query function that
 * rejects with it, never a second database read), so the query's error state, which the render
 * and `throwIfDatabaseUnavailable` read, is TanStack's. Nothing a server render asks for retries
 * (`retry: false`) or is cancelled. TanStack's newer `query()` and `infiniteQuery()` are not
 * overridden: nothing on the server calls them (they would fetch through `Query.fetch`).
 */
export class ServerQueryClient extends QueryClient {
  /** Loads under way, by query hash. */
  readonly #loading = new Map<string, Promise<unknown>>();
  /**
   * The options of failures handed to TanStack: its `fetchInfiniteQuery` calls `this.fetchQuery`
   * with them, which must then be TanStack's own.
   */
  readonly #toTanStack = new WeakSet<object>();

  override fetchQuery<TQueryFnData, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey, TPageParam = never>(
    options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>,
  ): Promise<TData> {
    const { queryFn, queryKey, meta } = options;
    // An infinite query's options (with an initial page param) reach this from TanStack's own
    // infinite paths (more than one page, ensureInfiniteQueryData): TanStack fetches those.
    if (!this.#ours(options) || 'initialPageParam' in options || typeof queryFn !== 'function') return super.fetchQuery(options);
    const context = { client: this, queryKey, meta, signal: NEVER_ABORTED } as unknown as QueryFunctionContext<TQueryKey, TPageParam>;
    return this.#load(
      options,
      async () => (await queryFn(context)) as unknown as TData,
      (error) => super.fetchQuery(this.#failing(options, error)),
    );
  }

  override fetchInfiniteQuery<
    TQueryFnData,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = unknown,
  >(options: FetchInfiniteQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>): Promise<InfiniteData<TData, TPageParam>> {
    const { queryFn, queryKey, meta, initialPageParam } = options;
    // More than the first page is TanStack's to fetch (its page params come from getNextPageParam).
    const pages = 'pages' in options ? (options.pages ?? 1) : 1;
    if (!this.#ours(options) || pages > 1 || typeof queryFn !== 'function') return super.fetchInfiniteQuery(options);
    const context = {
      client: this,
      queryKey,
      meta,
      signal: NEVER_ABORTED,
      pageParam: initialPageParam,
      direction: 'forward',
    } as unknown as QueryFunctionContext<TQueryKey, TPageParam>;
    return this.#load(
      // Cached as TanStack caches an infinite query (`_type`, its own mark, read by its fetch and
      // written to the hydration state), so the browser's client treats it as one from the start.
      { ...options, _type: 'infinite' } as typeof options,
      async () => ({ pages: [(await queryFn(context)) as unknown as TData], pageParams: [initialPageParam] }),
      (error) => super.fetchInfiniteQuery(this.#failing(options, error)),
    );
  }

  /**
   * True when this client loads the read itself: not a failure handed back to TanStack, no data
   * cached yet (TanStack answers from its cache), no `initialData` (TanStack caches that instead).
   */
  #ours(options: { queryKey: QueryKey; initialData?: unknown }): boolean {
    return !this.#toTanStack.has(options) && options.initialData === undefined && this.getQueryData(options.queryKey) === undefined;
  }

  /** `options` with a query function that rejects with `error`, once, for TanStack's own fetch to record. */
  #failing<O extends object>(options: O, error: unknown): O {
    const failing = { ...options, queryFn: () => Promise.reject(error), retry: false };
    this.#toTanStack.add(failing);
    return failing;
  }

  /**
   * Runs `load` once for the query at a time and caches its answer under `options` (the query is
   * made with them, as TanStack's fetch makes it); a failure, or no answer, goes to `fail`.
   */
  #load<T>(options: { queryKey: QueryKey }, load: () => Promise<T>, fail: (error: unknown) => Promise<T>): Promise<T> {
    const hash = serverHashKey(options.queryKey);
    const under = this.#loading.get(hash);
    if (under) return under as Promise<T>;
    const loaded = load()
      .then(
        (data) => {
          // TanStack's fetch refuses an undefined answer with this error; so does this.
          if (data === undefined) return fail(new Error(`${hash} data is undefined`));
          this.getQueryCache().build(this, this.defaultQueryOptions(options as Parameters<QueryClient['defaultQueryOptions']>[0]));
          this.setQueryData(options.queryKey, data);
          return data;
        },
        (error: unknown) => fail(error),
      )
      .finally(() => this.#loading.delete(hash));
    this.#loading.set(hash, loaded);
    return loaded;
  }
}

/**
 * TanStack's hash of a query key (`hashKey`: JSON with every object's keys sorted), worked out once
 * per key array. A render hands TanStack the same key array several times over (a read's options
 * are defaulted, looked up, built and cached, and each `useQuery` defaults and builds them again,
 * with the keys a render keeps, options-memo.ts), and TanStack hashed it anew each time: a product
 * page made 31 hashes of 22 arrays before the render kept its keys (2026-11-30). Keys are never
 * changed in place (TanStack and tRPC make a new array for every key), so a hash stays true for as
 * long as its array lives. The hash is kept on the array under a symbol, not enumerable (JSON,
 * TanStack's key comparisons and deep equality see only the items), not in a WeakMap: each
 * WeakMap entry is an ephemeron that V8's mark-compact traces in a pass of its own, and the 22
 * keys of every page built made tens of thousands between two mark-compacts (render-scope.ts says
 * what that cost). A frozen key array (none is today) is hashed each time.
 */
const HASH: unique symbol = Symbol('query key hash');
type HashedKey = QueryKey & { [HASH]?: string };
export function serverHashKey(queryKey: QueryKey): string {
  const key = queryKey as HashedKey;
  let hash = key[HASH];
  if (hash === undefined) {
    hash = hashKey(queryKey);
    if (Object.isExtensible(key)) Object.defineProperty(key, HASH, { value: hash });
  }
  return hash;
}

/** A fresh cache per request; never shared, so no visitor sees another's data. */
export function makeServerQueryClient(): QueryClient {
  return new ServerQueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false, queryKeyHashFn: serverHashKey } } });
}
