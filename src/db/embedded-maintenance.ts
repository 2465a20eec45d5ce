/**
 * The embedded database's (PGlite's) autovacuum, and a PostgreSQL server's when it runs none.
 * PostgreSQL vacuums and analyzes tables in background worker processes; PGlite is one process
 * inside the server and runs none, so left alone the embedded shop never does either:
 * - every updated or deleted row stays behind as a dead row for good (the table and its indexes
 *   only grow, and every scan walks the dead rows too);
 * - the visibility map is never set, so an index-only scan still visits the table for each row (a
 *   collection page's count after filters read 438 table pages for 500 products, 2026-11-27);
 * - the planner's statistics are never gathered after an import: it plans thousands of products
 *   with the estimates of an empty table.
 *
 * This does autovacuum's work with autovacuum's default thresholds, on the same statistics
 * (pg_stat_user_tables), when the server calls `maintainTables` (server/plugins/db-maintenance.ts
 * calls it when the server is idle), and vacuums a table whose oldest transaction ids near
 * autovacuum's freeze limits (PGlite runs PostgreSQL in single-user mode, where nothing stops
 * writes before the transaction counter wraps around). One difference: PGlite starts every
 * process with those counters at zero (checked 2026-11-27: a cleanly closed database reopens with
 * 0 dead and 0 changed rows for a table its last process updated), so what an earlier process
 * changed after its last pass is not counted. The first pass of a process judges a table by what
 * the catalog keeps across a restart instead: its size and all-visible pages as of its last
 * vacuum or analyze (pg_class.relpages, relallvisible) against its size now. A table that grew or
 * shrank by more than the analyze share is analyzed, one with pages the visibility map does not
 * cover is vacuumed, one unchanged is left alone. (Until 2026-11-28 the first pass vacuumed and
 * analyzed every table of some size: on 23,000 products the database then answered nothing for
 * 0.5-1.7 s five seconds after every start, and about five times as long at 100,000.)
 *
 * On PGlite each command goes to PGlite itself, not through the ORM: PGlite runs it once no
 * transaction is open (VACUUM cannot run inside one, and the ORM's PGlite connection sends
 * whatever arrives during a transaction into it). While it runs, the embedded database answers
 * nothing else: measured with the server's flags on 23,000 products (2026-11-27), a vacuum 110–160
 * ms, an analyze of the products table 330–650 ms (most of it the statistics of the search
 * indexes' expressions), which is why the caller picks an idle moment.
 *
 * A PostgreSQL server whose autovacuum is off (`autovacuum = off`, or `track_counts = off`, which
 * it needs) leaves the shop in the same state: this machine's PostgreSQL 15 ran none, and a
 * collection page's count read 437 table pages for 500 products there (1.2-1.9 ms of the
 * database's time a page; 0.2 ms by the index alone once vacuumed, 2026-11-30). The shop then does
 * the same passes on it (`Database.maintain`, src/db/database.ts, asks the server at every pass),
 * through a pooled connection: there the other connections' reads go on meanwhile. A server that
 * runs its autovacuum is left to it. On both, a table locked by someone else is skipped for that
 * pass (SKIP_LOCKED), a table the shop's user does not own is left out, and a command that fails
 * is reported and the pass goes on with the next table.
 */

/** Autovacuum's defaults (PostgreSQL 17): base threshold plus a share of the table's rows. */
export const THRESHOLDS = {
  vacuum: { base: 50, share: 0.2 },
  insertVacuum: { base: 1000, share: 0.2 },
  analyze: { base: 50, share: 0.1 },
  /** The first pass of a process looks at tables of at least this many pages (8 kB each). */
  firstPassMinPages: 8,
  /** autovacuum_freeze_max_age and autovacuum_multixact_freeze_max_age: past them a table is vacuumed whatever else. */
  freezeMaxAge: 200_000_000,
  multixactFreezeMaxAge: 400_000_000,
} as const;

/** What PostgreSQL knows of a table (pg_class and pg_stat_user_tables). */
export type TableStats = {
  table: string;
  /** Estimated rows (pg_class.reltuples; -1 before the first vacuum or analyze). */
  tuples: number;
  /** Its size in pages now (not pg_class.relpages, which only a vacuum or an analyze updates). */
  pages: number;
  /** Its size and all-visible pages as of its last vacuum or analyze (pg_class.relpages, relallvisible; kept across restarts). */
  lastPages: number;
  allVisible: number;
  /** Dead rows, rows inserted since the last vacuum and rows changed since the last analyze, counted since this process started. */
  dead: number;
  inserted: number;
  modified: number;
  /** Whether the planner has statistics for its columns. */
  analyzed: boolean;
  /** Age of the table's oldest unfrozen transaction id and multixact id. */
  xidAge: number;
  mxidAge: number;
};

export type TableWork = { table: string; vacuum: boolean; analyze: boolean };
/** A table's command and how long it took; `error` when it failed (the pass went on). */
export type TableDone = TableWork & { ms: number; error?: string };

/** What a table needs, by autovacuum's rules (first pass: see the file's comment). */
export function workFor(t: TableStats, firstPass: boolean): TableWork | null {
  const rows = Math.max(t.tuples, 0);
  const over = (n: number, rule: { base: number; share: number }) => n > rule.base + rule.share * rows;
  // First pass: what changed since the table's last vacuum or analyze, as its size tells.
  const looked = firstPass && t.pages >= THRESHOLDS.firstPassMinPages;
  const resized = looked && Math.abs(t.pages - t.lastPages) > THRESHOLDS.analyze.share * t.lastPages;
  const uncovered = looked && t.allVisible < t.pages;
  const freeze = t.xidAge > THRESHOLDS.freezeMaxAge || t.mxidAge > THRESHOLDS.multixactFreezeMaxAge;
  const vacuum = uncovered || freeze || over(t.dead, THRESHOLDS.vacuum) || over(t.inserted, THRESHOLDS.insertVacuum);
  // No statistics: a table never analyzed that has rows, or had them at its last vacuum (one
  // emptied since has none to gather, and is not analyzed again at every pass).
  const analyze = resized || over(t.modified, THRESHOLDS.analyze) || (!t.analyzed && (t.tuples > 0 || (t.tuples < 0 && t.pages > 0)));
  return vacuum || analyze ? { table: t.table, vacuum, analyze } : null;
}

const STATS_SQL = `
  select c.relname as "table", c.reltuples::float8 as tuples,
         (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
         c.relpages as "lastPages", c.relallvisible as "allVisible",
         s.n_dead_tup::float8 as dead, s.n_ins_since_vacuum::float8 as inserted, s.n_mod_since_analyze::float8 as modified,
         exists (select 1 from pg_statistic st where st.starelid = c.oid) as analyzed,
         age(c.relfrozenxid)::float8 as "xidAge", mxid_age(c.relminmxid)::float8 as "mxidAge"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
   where s.schemaname = current_schema() and pg_has_role(c.relowner, 'USAGE')
   order by c.relname`;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

function command(w: TableWork): string {
  if (w.vacuum) return `vacuum (skip_locked${w.analyze ? ', analyze' : ''}) ${quoted(w.table)}`;
  return `analyze (skip_locked) ${quoted(w.table)}`;
}

/** How a pass talks to the database: a read of rows, and a command run outside any transaction. */
export type MaintenanceSql = { query<T>(sql: string): Promise<T[]>; exec(sql: string): Promise<void> };

/** True when the PostgreSQL server vacuums and analyzes by itself (its autovacuum, which needs the statistics counters). */
export async function serverRunsAutovacuum(sql: MaintenanceSql): Promise<boolean> {
  const [row] = await sql.query<{ on: boolean }>(
    "select current_setting('autovacuum') = 'on' and current_setting('track_counts') = 'on' as on",
  );
  return row?.on === true;
}

/**
 * Vacuums and analyzes the tables that need it, one at a time (the server's reads run between
 * them); an aborted `signal` stops it before the next table (a server closing).
 */
export async function maintainTables(sql: MaintenanceSql, firstPass: boolean, signal?: AbortSignal): Promise<TableDone[]> {
  const rows = await sql.query<TableStats>(STATS_SQL);
  const done: TableDone[] = [];
  for (const t of rows) {
    if (signal?.aborted) break;
    const work = workFor(t, firstPass);
    if (!work) continue;
    const started = performance.now();
    const error = await sql.exec(command(work)).then(
      () => undefined,
      (e: unknown) => (e as Error).message,
    );
    done.push({ ...work, ms: Math.round(performance.now() - started), ...(error === undefined ? {} : { error }) });
  }
  return done;
}
