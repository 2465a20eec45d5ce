/**
 * Which answers the cache keeps: those whose key was asked for before (a CDN's "cache on second hit").
 *
 * Most URLs of a big catalogue are asked for once in a while: a crawler's sweep of 20,000 product
 * pages, a search nobody repeats. Kept on their first ask, each pushed a page shoppers come back
 * to (the home, a promoted product) out of the bounded LRU, and each entry lived long enough to
 * reach V8's old generation, whose collections delayed every request on a one-core server. Kept
 * from their second ask (measured 2026-11-29 on the 20,000-product shop, PGlite, c10, product
 * pages never asked before, three runs alternated with the build before: p99 69-82 against 93-98
 * ms, 1.81-1.82 against 1.86-1.95 ms of CPU a page), a page asked for again is built once more,
 * then served from memory. An "ask" is a build: requests that share one build count once.
 *
 * The memory of first asks is a fixed table of 32-bit fingerprints indexed by a hash of the key,
 * no objects at all: one `Uint32Array` (256 KB for 65,536 keys), so a sweep of any size adds
 * nothing for the collector to trace and nothing grows. A key whose slot another key took since
 * (a collision, or a long sweep in between) counts as never asked: it is kept from its next ask
 * but one. There is no time window: on a quiet shop a first ask is remembered until its slot is
 * taken. Two keys sharing slot and fingerprint (about one in two billion) would let the second in
 * at once, which only means it is kept a request early; never another key's answer, since an
 * entry is stored and looked up under its whole key. Hand-written: a Bloom filter from npm would
 * need resetting as it fills, and an LRU of keys (`lru-cache`) is the old-generation churn this
 * avoids.
 */
const SLOTS = 1 << 16;

/** FNV-1a over the key's UTF-16 code units, from a given offset basis. */
function fnv1a(key: string, basis: number): number {
  let h = basis;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const slotOf = (key: string) => fnv1a(key, 0x811c9dc5) & (SLOTS - 1);
/** Another hash of the key, never 0 (an empty slot), unsigned as the table holds it. */
const fingerprintOf = (key: string) => (fnv1a(key, 0x050c5d1f) | 1) >>> 0;

export class Admission {
  readonly #fingerprints = new Uint32Array(SLOTS);

  /** Remembers `key` as asked for; true when it had been asked for before (and is worth keeping). */
  ask(key: string): boolean {
    const slot = slotOf(key);
    const fingerprint = fingerprintOf(key);
    if (this.#fingerprints[slot] === fingerprint) return true;
    this.#fingerprints[slot] = fingerprint;
    return false;
  }

  /** Marks `key` as asked for before: an entry that leaves the cache (a change, eviction) is kept again at its next build. */
  remember(key: string): void {
    this.#fingerprints[slotOf(key)] = fingerprintOf(key);
  }
}
