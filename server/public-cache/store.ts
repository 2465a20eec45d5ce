import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { Admission } from './admission.ts';
import type { Encoding } from './negotiation.ts';
import { ANY, expiryOf, isWildcard, type Tag } from './tags.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What a build produces: one complete response, as the cache keeps it. */
export type CacheSource = {
  status: number;
  contentType: string;
  body: string | Buffer;
  /** False for an answer that must not outlive its request (a failure): shared by waiters, not kept. */
  keep?: boolean;
  /** The data the answer was built from (tags.ts); none given means any change drops it. */
  tags?: Iterable<Tag>;
};

/** A cached response with its compressed variants and ETag, computed once when it was built. */
export type CacheEntry = {
  status: number;
  contentType: string;
  /**
   * The body, or null when the entry keeps it only as its brotli variant (`bodyOf` decodes it):
   * a page is about six times its brotli size, and nearly every client takes brotli, so keeping
   * both held six times the memory for the few that do not.
   */
  body: Buffer | null;
  /** The body's length in bytes. */
  size: number;
  /**
   * The compressed variants: null when not worth it (a small body, or no smaller), undefined until
   * a client asks for that encoding (`withEncoding`): a page built for a brotli client is not also
   * compressed with gzip for clients that may never come.
   */
  br?: Buffer | null;
  gzip?: Buffer | null;
  /** `br` is at the quality of a miss: recompressed better at its first hit (`#refine`). */
  draft?: boolean;
  /** Strong validator of the uncompressed body, without quotes (the HTTP layer adds the encoding). */
  etag: string;
  /** The generation (count of full flushes) current when the build started. */
  generation: number;
  builtAt: number;
  bytes: number;
  tags: readonly Tag[];
};

export type CacheLimits = {
  /** Most entries kept; the least recently used go first. */
  maxEntries: number;
  /** Most bytes kept (bodies plus their compressed variants). */
  maxBytes: number;
  /** Oldest an entry may be, whatever the writes (time in the page: the footer's year). */
  maxAgeMs: number;
  /**
   * Keeps a build from its key's first ask instead of its second (admission.ts): for tests of
   * what a kept entry does. The shop keeps from the second.
   */
  keepFirstAsk: boolean;
};

/**
 * 24 MB holds the 2,000 entries at about 12 KB each (a page as brotli, bodies kept only so:
 * CacheEntry.body); at 48 MB with bodies kept whole it held about 700 product pages.
 */
export const DEFAULT_CACHE_LIMITS: CacheLimits = {
  maxEntries: 2000,
  maxBytes: 24 * 1024 * 1024,
  maxAgeMs: 5 * 60_000,
  keepFirstAsk: false,
};

/** Bodies smaller than this go out as they are: compressing them saves nothing worth the CPU. */
const MIN_COMPRESS_BYTES = 512;

/** Both encodings: what a build compresses when the caller does not say which its client takes. */
const ALL_ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/**
 * Brotli's quality for an answer built on a miss, and for a kept one at its first hit. Most misses of a
 * big catalogue are asked once (a product page a search engine crawls); the pages shoppers come
 * back to are recompressed better on their first hit (`#refine`). Measured 2026-11-27 on pages of
 * the 20,000-product bench shop (product 24 KB, collection 44 KB, home 165 KB): quality 2 takes
 * 0.16 / 0.22 / 0.37 ms for 6.7 / 8.3 / 11.5 KB, quality 4 0.33 / 0.35 / 0.75 ms for 6.3 / 7.9 /
 * 10.7 KB, quality 6 about twice quality 4's time for 5-8% less (quality 11: 90-220 ms).
 * Quality 1 since 2026-11-28 (fifth session): inside the server, among the misses' other work,
 * a call took 149 µs against quality 2's 264 µs (wall time around the call, product and collection
 * misses alike, 5,900 calls each), about 5% of a product page's miss; alone in a loop the two are
 * 55-80 against 72-115 µs. The answer is about 8% larger (product 7.7 against 6.9 KB, collection
 * 10.5 against 9.5, the 20,000-product home 12.8 against 11.9, the demo home 12.5 against 11.5).
 * Quality 0 is no cheaper to the page than 1 by enough to pay for its size (home 16.0 KB).
 */
const BROTLI_ON_MISS = 1;
const BROTLI_KEPT = 6;

/**
 * Bodies up to this size are compressed on the event loop. zlib's thread pool costs more than it
 * saves there: measured 2026-11-28 on one core, a 24 KB product page at brotli quality 2 took
 * 0.10 ms of CPU synchronously against 0.21 ms through the pool (the stream, the hand-over to the
 * worker thread and back), and a 47 KB collection page 0.13 against 0.18 ms; in the server, product
 * pages never asked before took 3.15 against 3.44 ms of CPU each (four alternating runs of 5 s,
 * one process, `npm run bench`'s flags). A 165 KB home page holds the loop about 0.4 ms. Larger
 * bodies go to the pool, and so does the recompression at the kept quality (`#refine`, in the
 * background of a hit: 0.4-0.6 ms).
 */
const SYNC_COMPRESS_MAX_BYTES = 256 * 1024;

/**
 * One encoding of a body, or null when it is not worth it (small, or no smaller). Brotli's window
 * fits the body (2^16 to 2^22 bytes): its default 4 MB would be mapped and zeroed for every page
 * (MALLOC_MMAP_THRESHOLD_, src/process-settings.ts).
 */
async function compressed(body: Buffer, encoding: Encoding, quality = BROTLI_KEPT): Promise<Buffer | null> {
  if (body.length < MIN_COMPRESS_BYTES) return null;
  const sync = body.length <= SYNC_COMPRESS_MAX_BYTES && (encoding === 'gzip' || quality <= BROTLI_ON_MISS);
  let out: Buffer;
  if (encoding === 'br') {
    const options = {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(body.length + 1)))),
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    };
    out = sync ? brotliCompressSync(body, options) : await brotli(body, options);
  } else {
    out = sync ? gzipSync(body, { level: 6 }) : await gz(body, { level: 6 });
  }
  return out.length < body.length ? owned(out) : null;
}

/**
 * `b`, or a copy of it that owns exactly its bytes. zlib hands back a slice of its 16 KB output
 * chunk, and a short string's Buffer is a slice of Node's shared 8 KB pool: kept in the cache as
 * they are, a 7 KB page held all 16 KB (and a 300-byte answer a whole pool slab) for as long as
 * it stayed; 2,000 pages kept about 18 MB more resident than they measured (2026-11-28).
 */
function owned(b: Buffer): Buffer {
  if (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength) return b;
  const copy = Buffer.allocUnsafeSlow(b.length);
  b.copy(copy);
  return copy;
}

/**
 * An entry's body, decoded from its brotli variant when it keeps no other (a client that takes no
 * brotli, a gzip variant made later, the recompression of a draft): synchronous, about 0.1 ms for
 * a page.
 */
export function bodyOf(entry: CacheEntry): Buffer {
  if (entry.body) return entry.body;
  if (!entry.br) throw new Error('cache entry without a body');
  return brotliDecompressSync(entry.br);
}

export const etagOf = (body: Buffer) => createHash('sha1').update(body).digest('base64url').slice(0, 27);

/** A build under way: the change count it started at (a later change means a new caller starts afresh). */
type Flight = { version: number; promise: Promise<CacheEntry> };
/**
 * A memo's load and, once it has resolved, its value (read synchronously by `settled`). A tagged
 * memo also holds the tags its load reported (undefined while it loads: any tagged change drops it).
 */
type Memo = { generation: number; value: Promise<unknown>; settled?: { value: unknown }; tagged?: boolean; tags?: readonly Tag[] };

/** True when one of the changed tags (a wildcard matching its kind) is among `held`, or `held` depends on any change. */
function touches(changed: readonly Tag[], held: readonly Tag[]): boolean {
  if (held.includes(ANY)) return true;
  for (const tag of changed) {
    if (isWildcard(tag)) {
      const prefix = tag.slice(0, -1);
      if (held.some((t) => t.startsWith(prefix))) return true;
    } else if (held.includes(tag)) return true;
  }
  return false;
}

/**
 * The shop's in-memory cache of public responses (SSR pages and public reads), with tags.
 *
 * Each entry carries the tags of the data it was built from (tags.ts); a change names the tags it
 * touched and drops exactly the entries holding one of them (`product:*` drops every `product:…`),
 * or everything (`invalidate()` without tags: a settings or layout change, a lost notification).
 *
 * A build that overlaps a change to any of its tags is kept for nobody: each change is numbered
 * (`#version`), the tags changed while builds were under way remember their number, and a build
 * started at version v is stored only if none of its tags changed after v. A caller arriving
 * after any change does not join a build started before it. Memos (values every answer depends
 * on, like the store lock) may read only data whose change empties everything: they live for one
 * generation (the count of full flushes).
 *
 * Concurrent misses for one key share a single build, and the cache is a bounded LRU (entries,
 * bytes, age), so memory stays flat under any traffic.
 */
export class PublicCache {
  #generation = 0;
  /** Number of the latest change (tagged or full). */
  #version = 0;
  /** Version of the latest change of each tag (or wildcard prefix), kept while builds are under way. */
  readonly #changedAt = new Map<string, number>();
  /** Version of the latest full flush. */
  #flushedAt = 0;
  readonly #lru: LRUCache<string, CacheEntry>;
  /** Keys holding each tag: what a change drops. */
  readonly #byTag = new Map<Tag, Set<string>>();
  readonly #flights = new Map<string, Flight>();
  readonly #memos = new Map<string, Memo>();
  readonly #limits: CacheLimits;
  readonly #now: () => number;
  /** Which keys were asked for before: a build is kept from a key's second ask (admission.ts). */
  readonly #admission = new Admission();

  constructor(limits: Partial<CacheLimits> = {}, now: () => number = () => Date.now()) {
    this.#limits = { ...DEFAULT_CACHE_LIMITS, ...limits };
    this.#now = now;
    this.#lru = new LRUCache<string, CacheEntry>({
      max: this.#limits.maxEntries,
      maxSize: this.#limits.maxBytes,
      sizeCalculation: (e) => Math.max(1, e.bytes),
      ttl: this.#limits.maxAgeMs,
      ttlResolution: 0,
      perf: { now },
      // Whatever takes an entry out (eviction, expiry, a change, a newer build) unindexes its tags.
      // An entry that leaves (not one replaced by its own key's next version) marks its key as
      // asked for, so its next build is kept (unless another key has taken its slot since). A full
      // flush hashes its 2,000 keys again: about 1.5 ms, on a settings change.
      dispose: (e, key, reason) => {
        this.#unindex(key, e);
        if (reason !== 'set') this.#admission.remember(key);
      },
    });
  }

  /** Count of full flushes: the store lock and other memos are read once per generation. */
  get generation(): number {
    return this.#generation;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.#lru.size, bytes: this.#lru.calculatedSize };
  }

  /** The keys currently stored (tests and diagnostics). */
  keys(): string[] {
    return [...this.#lru.keys()];
  }

  /**
   * Something public changed: without tags, anything may have (everything goes, memos too);
   * with tags, the entries holding one of them go (a tag ending in `:*` matches all of its kind).
   */
  invalidate(tags?: Iterable<Tag>): void {
    const version = ++this.#version;
    if (tags === undefined) {
      this.#generation++;
      this.#flushedAt = version;
      this.#lru.clear();
      this.#memos.clear();
      return;
    }
    const changed = [...tags];
    for (const [name, m] of this.#memos) if (m.tagged && (m.tags === undefined || touches(changed, m.tags))) this.#memos.delete(name);
    const keys = new Set<string>();
    for (const tag of changed) {
      if (this.#flights.size > 0) this.#changedAt.set(tag, version);
      if (isWildcard(tag)) {
        const prefix = tag.slice(0, -1);
        for (const [t, ks] of this.#byTag) if (t.startsWith(prefix)) for (const k of ks) keys.add(k);
      } else {
        for (const k of this.#byTag.get(tag) ?? []) keys.add(k);
      }
    }
    // Whatever depends on "any change" goes at every change.
    for (const k of this.#byTag.get(ANY) ?? []) keys.add(k);
    if (this.#flights.size > 0) this.#changedAt.set(ANY, version);
    for (const k of keys) this.#lru.delete(k);
  }

  /** The entry for `key` if it is current, else undefined (no build): a hit. */
  peek(key: string): CacheEntry | undefined {
    const hit = this.#lru.get(key);
    if (hit?.draft) this.#refine(key, hit);
    return hit;
  }

  /**
   * The current entry for `key`, building it once when missing: concurrent callers of the same key
   * with no change in between wait for the one build and share its answer. A build compresses the
   * body in `encodings` (both by default); `withEncoding` adds another when a client needs it.
   */
  async get(key: string, build: () => Promise<CacheSource>, encodings: readonly Encoding[] = ALL_ENCODINGS): Promise<CacheEntry> {
    const hit = this.peek(key);
    if (hit) return hit;
    const flight = this.#flights.get(key);
    if (flight && flight.version === this.#version) return flight.promise;
    const version = this.#version;
    const promise = this.#build(key, version, build, encodings);
    const mine: Flight = { version, promise };
    this.#flights.set(key, mine);
    const clear = () => {
      if (this.#flights.get(key) === mine) this.#flights.delete(key);
      // No build under way: no change can be older than a future build's start.
      if (this.#flights.size === 0) this.#changedAt.clear();
    };
    promise.then(clear, clear);
    return promise;
  }

  /**
   * `entry` with its `encoding` variant, compressing the body now if no client asked for that
   * encoding before (kept in the entry, and counted in the cache's bytes while it is stored).
   */
  async withEncoding(key: string, entry: CacheEntry, encoding: Encoding): Promise<CacheEntry> {
    if (entry[encoding] !== undefined) return entry;
    const variant = await compressed(bodyOf(entry), encoding);
    const stored = this.#lru.peek(key);
    if (stored?.etag === entry.etag && stored[encoding] !== undefined) return stored; // another request did it meanwhile
    const next: CacheEntry = { ...entry, [encoding]: variant, bytes: entry.bytes + (variant?.length ?? 0) };
    if (stored === entry) this.#replace(key, next);
    return next;
  }

  /** Entries whose brotli variant is being recompressed at the kept quality. */
  readonly #refining = new WeakSet<CacheEntry>();

  /**
   * Recompresses a draft entry's brotli variant at the kept quality, in the background, and puts
   * it in the entry's place if it is still stored. A client that holds the draft's bytes keeps
   * them: both decode to the same body, under the same ETag.
   */
  #refine(key: string, entry: CacheEntry): void {
    if (this.#refining.has(entry)) return;
    this.#refining.add(entry);
    compressed(bodyOf(entry), 'br', BROTLI_KEPT).then(
      (br) => {
        if (this.#lru.peek(key) !== entry) return;
        const better = br && entry.br && br.length < entry.br.length ? br : entry.br;
        this.#replace(key, { ...entry, br: better, draft: false, bytes: entry.bytes - (entry.br?.length ?? 0) + (better?.length ?? 0) });
      },
      () => {},
    );
  }

  /** Puts `next` in the place of the stored entry of `key`, measured again (the byte bound holds), without extending its age. */
  #replace(key: string, next: CacheEntry): void {
    this.#lru.set(key, next, { noUpdateTTL: true });
    if (this.#lru.peek(key) === next) for (const t of next.tags) this.#index(t).add(key);
  }

  /**
   * A value derived from the data (e.g. whether the store is locked), loaded once per generation.
   * A load that overlaps a full flush is used by its callers and not kept.
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
   * A value derived from data whose changes are tagged (the collections list, the settings): loaded
   * once, kept until a change touches one of the tags its load reports (or a full flush). A load
   * that overlaps any tagged change is used by its callers and not kept; a failed load is not kept.
   */
  taggedMemo<T>(name: string, load: () => Promise<{ value: T; tags: readonly Tag[] }>): Promise<T> {
    const m = this.#memos.get(name);
    if (m && m.generation === this.#generation && !this.#expired(m)) return m.value as Promise<T>;
    const memo: Memo = { generation: this.#generation, value: Promise.resolve(), tagged: true };
    const loaded = load();
    memo.value = loaded.then((r) => r.value);
    this.#memos.set(name, memo);
    loaded.then(
      (r) => {
        memo.tags = r.tags;
        memo.settled = { value: r.value };
      },
      () => {
        if (this.#memos.get(name) === memo) this.#memos.delete(name);
      },
    );
    return memo.value as Promise<T>;
  }

  /**
   * The value of memo `name` when it has been loaded at the current generation, without waiting
   * (undefined while it is missing, loading or from an older generation): lets a cache hit be
   * answered synchronously. The box is the memo's own, not a copy.
   */
  settled<T>(name: string): { readonly value: T } | undefined {
    const m = this.#memos.get(name);
    return m && m.generation === this.#generation && !this.#expired(m) ? (m.settled as { value: T } | undefined) : undefined;
  }

  /** A tagged memo whose load reported a deadline (an `expires:` tag, e.g. the WhatsApp hours) is gone once it passes. */
  #expired(m: Memo): boolean {
    const at = m.tags && expiryOf(m.tags);
    return at !== undefined && this.#now() >= at;
  }

  /** True when a change after `version` touched one of `tags` (or everything). */
  #changedSince(version: number, tags: readonly Tag[]): boolean {
    if (this.#flushedAt > version) return true;
    if (this.#version === version) return false;
    for (const [changed, at] of this.#changedAt) {
      if (at <= version) continue;
      if (isWildcard(changed)) {
        const prefix = changed.slice(0, -1);
        if (tags.some((t) => t.startsWith(prefix))) return true;
      } else if (tags.includes(changed)) return true;
    }
    return false;
  }

  async #build(key: string, version: number, build: () => Promise<CacheSource>, encodings: readonly Encoding[]): Promise<CacheEntry> {
    const generation = this.#generation;
    const src = await build();
    const body = typeof src.body === 'string' ? Buffer.from(src.body) : src.body;
    const variants = await Promise.all(encodings.map((e) => compressed(body, e, BROTLI_ON_MISS)));
    const tags = src.tags === undefined ? [ANY] : [...new Set(src.tags)];
    const entry: CacheEntry = {
      status: src.status,
      contentType: src.contentType,
      body,
      size: body.length,
      etag: etagOf(body),
      generation,
      builtAt: this.#now(),
      bytes: key.length,
      tags,
    };
    encodings.forEach((e, i) => {
      const variant = variants[i] ?? null;
      entry[e] = variant;
      entry.bytes += variant?.length ?? 0;
    });
    if (entry.br) {
      entry.draft = true;
      entry.body = null;
    } else {
      entry.body = owned(body);
      entry.bytes += body.length;
    }
    // An entry with a deadline (an `expires:` tag) lives until then at most, and not at all once past it.
    const expires = expiryOf(tags);
    // (lru-cache drops an entry once its age exceeds the ttl: one millisecond less makes the deadline itself stale.)
    const ttl = expires === undefined ? undefined : Math.min(expires - entry.builtAt - 1, this.#limits.maxAgeMs);
    // Kept only when its key was asked for before (admission.ts), none of its data changed
    // meanwhile, it fits at all and its deadline is ahead.
    if (
      (this.#admission.ask(key) || this.#limits.keepFirstAsk) &&
      src.keep !== false &&
      !this.#changedSince(version, tags) &&
      entry.bytes <= this.#limits.maxBytes &&
      (ttl ?? 1) > 0
    ) {
      this.#lru.set(key, entry, ttl === undefined ? undefined : { ttl });
      if (this.#lru.peek(key) === entry) for (const t of tags) this.#index(t).add(key);
    }
    return entry;
  }

  #index(tag: Tag): Set<string> {
    let keys = this.#byTag.get(tag);
    if (!keys) {
      keys = new Set();
      this.#byTag.set(tag, keys);
    }
    return keys;
  }

  #unindex(key: string, e: CacheEntry): void {
    for (const t of e.tags) {
      const keys = this.#byTag.get(t);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.#byTag.delete(t);
    }
  }
}
