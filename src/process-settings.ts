/**
 * Settings of the server process that only its start can make: glibc's malloc reads its variables
 * once, before any JavaScript runs, and V8 sizes its heap when the process starts. Measured on the
 * demo shop after its first start and two minutes of mixed load (PGlite): 411 → 447 MB resident
 * without the malloc variables, 272 → 344 MB and still growing with them, 263 → 309 MB and flat
 * with the heap limit as well.
 *
 * - MALLOC_ARENA_MAX=1: glibc gives threads (libuv's pool: files, zlib, argon2; V8's compiler
 *   threads) malloc arenas of their own, up to eight per core, and what is freed in one stays
 *   mapped there: about 120 MB in a dozen arenas. Two arenas until 2026-11-30: the second was
 *   where V8's compiler threads build their optimised code as pages warm up, and what they freed
 *   stayed resident there. Measured on the 20,000-product shop with photos (PGlite, one core,
 *   product then collection pages never asked before, then the bench's ten whole-catalogue
 *   reads): peak RSS 275 / 276 / 276 MB with one arena against 282-290 MB (five runs) with two,
 *   238-240 against 245-246 MB at the start, CPU per page the same within the runs' noise; on
 *   PostgreSQL 242-250 against 244-254 MB. The server's own work is on one thread (the event
 *   loop), so the threads that share the one arena seldom allocate at the same time.
 * - MALLOC_MMAP_THRESHOLD_=131072: glibc's default (128 KiB), but fixed. Left to itself glibc
 *   raises it whenever a large block is freed (PGlite's start frees many), and from then on large
 *   buffers are carved from the heap, where freed memory stays resident: 105 of the heap's 121 MB
 *   were free after a start. Blocks at or above the threshold are mapped apart and returned to the
 *   system when freed.
 * - MALLOC_TOP_PAD_=4194304 (4 MiB): fixing the threshold also fixes the heap's trimming, so a
 *   block freed at the top of the heap went back to the system at once; brotli's encoder (every
 *   page built on a miss, and its recompression once asked for again) allocates and frees a few MB
 *   of tables per call, which were then mapped again and faulted in, zeroed, on every call.
 *   Measured 2026-11-28 on the 20,000-product shop's own pages, one core: quality 1 (a miss)
 *   530 / 650 / 1,038 µs for the product, collection and home pages against 175 / 140 / 195 µs with
 *   4 MiB kept at the top (150 / 130 / 175 µs with no malloc variable at all), quality 6 (the
 *   recompression) 1.2 / 1.6 / 9.0 ms against 0.6 / 0.9 / 3.5 ms; in a CPU profile of collection
 *   misses the encoder's share fell from 0.89 to 0.25 ms a page. Resident memory: +4 MB at most.
 * - --max-old-space-size=256: the limit V8 gives itself in a 512 MB container (a quarter of the
 *   memory, doubled on 64-bit), whatever the machine. On a machine with more memory V8 would let
 *   the heap grow to four times what is live before collecting (about 300 MB here, of which 50 to
 *   60 MB live); near a 256 MB limit it collects at about 1.3 times. The shop's live heap is
 *   about 50 MB plus the public cache's 48 MB at most.
 * - --heap-growing-percent=60: after each mark-compact the old generation may grow to 1.6 times
 *   what was live before the next one, instead of the 1.3 times V8 picks under a 256 MB limit.
 *   Pages built on a miss left 10-14 MB/s in the old generation at c10 (promoted at 8 MB and at
 *   32 MB semi-spaces alike until 2026-11-30: see --max-semi-space-size), and every mark-compact
 *   stops the requests in flight for its last marking step and final pause (10-30 ms on the
 *   shared core): they were the p99. Measured 2026-11-29 on the 20,000-product shop, product pages
 *   never asked before, c10, two rounds alternated with V8's own factor: mark-compacts in 14 s
 *   5-6 against 11 (PostgreSQL) and 3 against 6 (PGlite); p99 90 / 79 against 110 / 107 ms and
 *   76 / 77 against 123 / 114 ms; CPU per page the same or 10% lower; peak RSS +15-30 MB (190-196
 *   against 173-176 MB, 263-266 against 234-246). At 100% p99 fell further, but the bench's peak
 *   on PostgreSQL reached its 256 MB target and PGlite's ten whole-catalogue reads 314 MB against
 *   300; at 60% those were 221 and 282 MB.
 * - --max-semi-space-size (MB): the young generation, where every request's short-lived objects
 *   go: 12 MB with PostgreSQL, 8 MB with the embedded database (`semiSpaceMb`). Left to V8 it
 *   grows under load to its maximum of several tens of MB, kept committed: on PostgreSQL after 4
 *   minutes of mixed load the heap held 183 MB for 50-100 MB used, and RSS was 281 MB and still
 *   creeping; with 4 MB semi-spaces the heap is 61 MB and RSS 163 MB, flat, at the same req/s
 *   (13.6k against 13.4k: cached answers leave little garbage). 8 MB since 2026-11-28: a page built
 *   on a miss allocates 1-2 MB (a collection page about 2.2 MB), so with 4 MB a young collection
 *   came every page or two and caught most pages mid-render; what they held survived twice and was
 *   promoted (200 KB per collection page at 4 MB, 60 KB at 16), and the old generation then needed
 *   a mark-compact every 250-400 ms. Measured on the 20,000-product catalogue, PostgreSQL, c10,
 *   server CPU per page: product 2.10 -> 1.77 ms, collection 5.0 -> 3.8 ms at 8 MB (16 MB: 1.74
 *   and 3.6 ms, for 16 MB more); peak RSS +9 MB, paid for by running the server compiled.
 *   12 MB on PostgreSQL since 2026-11-30: once a page's reads stopped going through TanStack's
 *   fetch (server/ssr/query-client.ts), what a collection page built on a miss leaves to the old
 *   generation came down to how long it lives: ten pages at c10 allocate about 22 MB while one is
 *   built, so at 8 MB its objects lived through two young collections and were promoted (38.6 KB a
 *   page, p99 96-113 ms), at 12 MB 10.8 KB (p99 61-73 ms), at 16 MB 11.0 KB (p99 51 ms); product
 *   pages 37-39 ms at 8 and 12 alike; peak RSS +8-15 MB. With the embedded database 8 and 12 MB
 *   measured the same (product p99 46-48 ms, collection 78-82 ms, two alternated rounds each: its
 *   queries run on the server's own thread, so pages overlap less), while its process, which holds
 *   the database's memory as well, reached 307 MB against the 300 MB target during the bench's
 *   ten whole-catalogue reads at 12 MB (297 MB at 8).
 *
 * - --liftoff-only: WebAssembly (the embedded database, PGlite) runs on V8's baseline compiler only.
 *   Left to tier up, V8's optimising compiler compiles PostgreSQL's big functions again as they get
 *   hot and holds several hundred MB while it does: measured on the demo shop, peak RSS (VmHWM)
 *   1,102 MB on the first start and 764 MB on a restart (a 512 MB container would be killed at every
 *   restart); with the flag 589 MB and 204 MB, the same RSS afterwards (302 vs 247 MB, 227 vs 203
 *   MB), and about 5% more CPU on a query-heavy run (2,000 lookups and 100 sorts on 20,000 rows,
 *   three times: 4.1 s against 4.3 s). No other code of the server is WebAssembly.
 * - --no-allocation-site-pretenuring: V8 stops deciding, from what survived young collections,
 *   that the objects of an allocation site are to be born in the old generation. Under cached
 *   reads about a third of the embedded shop's first restarts came up in a state that lasted for the life of
 *   the process (2026-12-07, demo shop, `list.php` at c50 after the bench's cached pages, one
 *   core): the young collections kept 14.8% of what was allocated instead of 0.2% (1 MB every 10
 *   ms: every request's IncomingMessage, ServerResponse and write requests, by a sampling heap
 *   profile of what young collections did not free), a mark-compact every 0.45 s instead of none,
 *   garbage collection 16.6% of the server's CPU instead of 2.7% (CPU profile), 34-39% of hello
 *   against 47-59%, event-loop delay p99 23-30 ms against 11-13, RSS 251-256 against 218-224 MB.
 *   V8's pretenuring trace in that state showed an allocation site whose every object (about
 *   400, one a request) survived each young collection. Without the flag that state came in 8 of
 *   51 restarts, 7 of them among 22 first restarts after a first start (the bench's case); with it
 *   in none of 6 first restarts (none of 6 with 12 MB semi-spaces either, for 10-13 MB more RSS):
 *   few enough to be luck, so the bench keeps watching it (its cached reads and loop rows);
 *   the bench's full run with it: the embedded shop's cached reads 58-72% of hello, loop p99 11
 *   ms. What it costs, the 20,000-product shop, two runs each way: product pages never asked
 *   before 427-460 against 471-475 req/s (p99 45-48 against 42-44 ms), collection pages the same
 *   (274-297 against 281-296), the ten whole-catalogue reads' peak 280-292 against 277-281 MB.
 *
 * `reexecWithProcessSettings` starts the process again in place (same pid, same stdio) with what
 * is missing added; a heap limit or a malloc variable the operator set is kept.
 */
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TOP_PAD_: '4194304' } as const;
/** The young generation's semi-space for a shop on `databaseUrl` (none: the embedded database). */
const semiSpaceMb = (databaseUrl: string | undefined) => (databaseUrl?.trim() ? 12 : 8);

/** V8's flags for the server of a shop on `databaseUrl` (none or empty: the embedded database). */
export function heapFlags(databaseUrl: string | undefined): string[] {
  return [
    '--max-old-space-size=256',
    '--heap-growing-percent=60',
    `--max-semi-space-size=${semiSpaceMb(databaseUrl)}`,
    '--liftoff-only',
    '--no-allocation-site-pretenuring',
  ];
}

/** `env` with the malloc variables it lacks (for processes started with an explicit environment). */
export function withMallocEnv<E extends Record<string, string | undefined>>(env: E): E & Record<keyof typeof MALLOC_ENV, string> {
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));
  return { ...MALLOC_ENV, ...given } as E & Record<keyof typeof MALLOC_ENV, string>;
}

/** The heap flags `execArgv` and NODE_OPTIONS do not already set. */
function missingHeapFlags(execArgv: readonly string[], nodeOptions = '', databaseUrl: string | undefined = undefined): string[] {
  // A flag's name without its value or its `no-` (`--allocation-site-pretenuring` given keeps V8's default).
  const name = (a: string) =>
    a
      .split('=')[0]
      ?.replace(/_/g, '-')
      .replace(/^--no-/, '--');
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map(name);
  return heapFlags(databaseUrl).filter((f) => !given.includes(name(f)));
}

/**
 * Replaces this process with the same command, the missing settings added; returns when nothing
 * is missing or it cannot be done (Windows, a Node without process.execve). Call it before the
 * application's modules load: they would be loaded twice. A process a parent talks to over IPC
 * (child_process.fork) is left alone, as the channel would not survive: such a parent starts it
 * with the settings (`withMallocEnv`, `heapFlags`), as the benchmark does.
 */
export function reexecWithProcessSettings(): void {
  if (typeof process.execve !== 'function' || process.channel) return;
  const flags = missingHeapFlags(process.execArgv, process.env.NODE_OPTIONS, process.env.DATABASE_URL);
  const envMissing = process.platform === 'linux' && Object.keys(MALLOC_ENV).some((k) => process.env[k] === undefined);
  if (!flags.length && !envMissing) return;
  try {
    const args = [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)];
    process.execve(process.execPath, args, withMallocEnv(process.env));
  } catch (e) {
    process.emitWarning(`process settings not applied (${(e as Error).message}): memory use will be higher`);
  }
}
