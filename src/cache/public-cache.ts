import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What a build produces: one complete response, as the cache keeps it. */
export type CacheSource = {
  status: number;
  contentType: string;
  body: string | Buffer;
  /** False for an answer that must not outlive its request (a failure): shared by waiters, not kept. */
  keep?: boolean;
};

/** A cached response with its compressed variants and ETag, computed once when it was built. */
export type CacheEntry = {
  status: number;
  contentType: string;
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /** Strong validator of the uncompressed body, without quotes (the HTTP layer adds the encoding). */
  etag: string;
  /** The generation the data was read at: an entry from an older generation is never served. */
  generation: number;
  builtAt: number;
  bytes: number;
};

export type CacheLimits = {
  /** Most entries kept; the least recently used go first. */
  maxEntries: number;
  /** Most bytes kept (bodies plus their compressed variants). */
  maxBytes: number;
  /** Oldest an entry may be, whatever the writes (time in the page: the footer's year). */
  maxAgeMs: number;
};

export const DEFAULT_CACHE_LIMITS: CacheLimits = { maxEntries: 2000, maxBytes: 48 * 1024 * 1024, maxAgeMs: 5 * 60_000 };

/** Bodies smaller than this go out as they are: compressing them saves nothing worth the CPU. */
const MIN_COMPRESS_BYTES = 512;

async function compressed(body: Buffer): Promise<{ br: Buffer | null; gzip: Buffer | null }> {
  if (body.length < MIN_COMPRESS_BYTES) return { br: null, gzip: null };
  // Off the event loop (zlib's thread pool); brotli at a moderate quality: near its best ratio on
  // HTML and JSON at a fraction of quality 11's time.
  const [b, g] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: 6 }),
  ]);
  return { br: b.length < body.length ? b : null, gzip: g.length < body.length ? g : null };
}

type Flight = { generation: number; promise: Promise<CacheEntry> };
/** A memo's load and, once it has resolved, its value (read synchronously by `settled`). */
type Memo = { generation: number; value: Promise<unknown>; settled?: { value: unknown } };

/**
 * The shop's in-memory cache of public responses (SSR pages and public reads).
 *
 * Correctness rests on one counter: `generation`. Every committed write that could change public
 * output calls `invalidate()` (the database reports them: src/db/change-feed.ts), which bumps it;
 * an entry remembers the generation it was built at and is served only while that is still the
 * current one. A build that overlaps a write is kept for nobody. Writes are rare (the admin), so
 * dropping everything at once is both correct and cheap.
 *
 * Concurrent misses for one key share a single build (no thundering herd), and the cache is bounded
 * by entry count and bytes (least recently used first), so memory stays flat under any traffic.
 */
export class PublicCache {
  #generation = 0;
  #bytes = 0;
  readonly #entries = new Map<string, CacheEntry>();
  /** The key at the end of `#entries` (the most recently used), if known. */
  #last: string | undefined;
  readonly #flights = new Map<string, Flight>();
  readonly #memos = new Map<string, Memo>();
  readonly #limits: CacheLimits;
  readonly #now: () => number;

  constructor(limits: Partial<CacheLimits> = {}, now: () => number = Date.now) {
    this.#limits = { ...DEFAULT_CACHE_LIMITS, ...limits };
    this.#now = now;
  }

  get generation(): number {
    return this.#generation;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  /** Something public may have changed: nothing built before now is served again. */
  invalidate(): void {
    this.#generation++;
    this.#entries.clear();
    this.#last = undefined;
    this.#memos.clear();
    this.#bytes = 0;
  }

  /** The entry for `key` if it is current, else undefined (no build). */
  peek(key: string): CacheEntry | undefined {
    const e = this.#entries.get(key);
    if (!e) return undefined;
    if (e.generation !== this.#generation || this.#now() - e.builtAt > this.#limits.maxAgeMs) {
      this.#drop(key, e);
      return undefined;
    }
    // Least recently used order: a hit moves the entry to the end (where it already is when it was
    // also the last one used: a burst on one URL then costs no Map writes).
    if (key !== this.#last) {
      this.#entries.delete(key);
      this.#entries.set(key, e);
      this.#last = key;
    }
    return e;
  }

  /**
   * The current entry for `key`, building it once when missing: concurrent callers of the same key
   * and generation wait for the one build and share its answer.
   */
  async get(key: string, build: () => Promise<CacheSource>): Promise<CacheEntry> {
    const hit = this.peek(key);
    if (hit) return hit;
    const flight = this.#flights.get(key);
    if (flight && flight.generation === this.#generation) return flight.promise;
    const generation = this.#generation;
    const promise = this.#build(key, generation, build);
    this.#flights.set(key, { generation, promise });
    const clear = () => {
      if (this.#flights.get(key)?.promise === promise) this.#flights.delete(key);
    };
    promise.then(clear, clear);
    return promise;
  }

  /**
   * A value derived from the data (e.g. whether the store is locked), loaded once per generation.
   * A load that overlaps a write is used by its callers and not kept.
   */
  memo<T>(name: string, load: () => Promise<T>): Promise<T> {
    const m = this.#memos.get(name);
    if (m && m.generation === this.#generation) return m.value as Promise<T>;
    const generation = this.#generation;
    const value = load();
    const memo: Memo = { generation, value };
    this.#memos.set(name, memo);
    value.then(
      (v) => {
        memo.settled = { value: v };
      },
      () => {
        if (this.#memos.get(name) === memo) this.#memos.delete(name);
      },
    );
    return value;
  }

  /**
   * The value of memo `name` when it has been loaded at the current generation, without waiting
   * (undefined while it is missing, loading or from an older generation): lets a cache hit be
   * answered synchronously. The box is the memo's own, not a copy.
   */
  settled<T>(name: string): { readonly value: T } | undefined {
    const m = this.#memos.get(name);
    return m && m.generation === this.#generation ? (m.settled as { value: T } | undefined) : undefined;
  }

  async #build(key: string, generation: number, build: () => Promise<CacheSource>): Promise<CacheEntry> {
    const src = await build();
    const body = typeof src.body === 'string' ? Buffer.from(src.body) : src.body;
    const { br, gzip } = await compressed(body);
    const entry: CacheEntry = {
      status: src.status,
      contentType: src.contentType,
      body,
      br,
      gzip,
      etag: createHash('sha1').update(body).digest('base64url').slice(0, 27),
      generation,
      builtAt: this.#now(),
      bytes: body.length + (br?.length ?? 0) + (gzip?.length ?? 0) + key.length,
    };
    // Kept only when no write happened meanwhile and it fits at all.
    if (src.keep !== false && generation === this.#generation && entry.bytes <= this.#limits.maxBytes) this.#store(key, entry);
    return entry;
  }

  #store(key: string, entry: CacheEntry): void {
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    this.#entries.set(key, entry);
    this.#last = key;
    this.#bytes += entry.bytes;
    for (const [k, e] of this.#entries) {
      if (this.#entries.size <= this.#limits.maxEntries && this.#bytes <= this.#limits.maxBytes) break;
      this.#drop(k, e);
    }
  }

  #drop(key: string, e: CacheEntry): void {
    if (this.#entries.get(key) !== e) return;
    this.#entries.delete(key);
    if (key === this.#last) this.#last = undefined;
    this.#bytes -= e.bytes;
  }
}
