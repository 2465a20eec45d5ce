import { createHash } from 'node:crypto';
import { type PGlite, protocol } from '@electric-sql/pglite';
import type { EntityManager } from '@mikro-orm/core';
import { PgliteDriver } from '@mikro-orm/pglite';
import type pg from 'pg';

/**
 * The statements every storefront cache miss runs (a product page, a collection page, a search),
 * prepared once per database session and executed by name after that.
 *
 * On PGlite the planner is WebAssembly in the server's own process, on V8's baseline compiler
 * (src/process-settings.ts): planning was half of a product page's statement (0.84 ms of CPU, 0.45
 * ms when prepared; 20,000 products, 2026-11-27). Written here because neither MikroORM nor its
 * PGlite dialect sends named statements (every statement is parsed unnamed), so this uses SQL's
 * PREPARE and EXECUTE: `execute name(values)` sent to PGlite as one simple-protocol message, the
 * values written as literals (`executeText`), or through the ORM with its bound parameters
 * (`execute name(?, ?)`) inside a transaction or for a value that cannot be a literal.
 *
 * On a PostgreSQL server MikroORM writes the values into the statement's text, so every page
 * never asked before was a statement the server had never seen: a collection page's took 1.2-2.0
 * ms to plan and 1.8-3.1 ms to run (20,000 products, 2026-11-30), on the database's CPU, which
 * the shop's pages wait for. There the statement goes to `pg` as a named statement with its
 * values bound (`registerPool`, from src/db/database.ts): `pg` prepares it once on each pooled
 * connection and executes it by name after that. `pg` remembers what it prepared on a connection
 * and never prepares it there again, so a connection whose server session lost it (DEALLOCATE, a
 * pooler in transaction mode: error 26000) or whose plan no longer fits (another instance's
 * migration changed a column's type: 0A000) is closed, and the statement goes unnamed that once.
 * Inside an ORM transaction a statement goes through the transaction's connection, as it is. The
 * values are bound by `pg`, not written by MikroORM: plain numbers and strings (no arrays for
 * `in (?)`, no dates; an untyped `? is null` needs a cast), as the callers send.
 *
 * On PGlite, a prepared statement keeps its plan until a schema change; custom plans for the
 * first five executions, then the generic plan when it costs no more. A session that lost its
 * statements (error 26000) prepares them again. The statements are a fixed few per SQL text (a
 * collection page has one per sort, filter set and scope), so they are never deallocated.
 */
const preparedBy = new WeakMap<object, Map<string, Promise<void>>>();

/** Duplicate name: another call prepared it first (the session outlived the map's memory of it). */
const DUPLICATE_PREPARED = '42P05';
const UNKNOWN_PREPARED = '26000';

const codeOf = (e: unknown) => (e as { code?: string } | null)?.code;

/** `?` placeholders numbered for PREPARE (`$1`, `$2`, …); the statements given here hold no other `?`. */
export const numberedPlaceholders = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** The `pg` pool behind a PostgreSQL connection of MikroORM's (one per database opened), once the driver made it. */
const poolBy = new WeakMap<object, () => pg.Pool | undefined>();

/** Lets `executePrepared` send named statements through the pool of `em`'s connection (`pool()`: undefined until it exists). */
export function registerPool(em: EntityManager, pool: () => pg.Pool | undefined): void {
  poolBy.set(em.getConnection(), pool);
}

/** What makes a named statement unusable on its connection (see above): the connection is closed, the statement goes unnamed. */
const STALE_NAMED = new Set([UNKNOWN_PREPARED, DUPLICATE_PREPARED, '0A000']);

/**
 * `name`d statement `sql` on a connection of `pool`: prepared there at its first use (`pg`
 * remembers it per connection). Null when that connection cannot run it (STALE_NAMED), which the
 * pool then closes.
 */
async function executeNamed<T>(pool: pg.Pool, name: string, sql: string, params: readonly unknown[]): Promise<T | null> {
  const client = await pool.connect();
  let stale: Error | undefined;
  try {
    return (await client.query({ name, text: numberedPlaceholders(sql), values: [...params] })).rows as T;
  } catch (e) {
    if (!STALE_NAMED.has(codeOf(e) ?? '')) throw e;
    stale = e as Error;
    return null;
  } finally {
    client.release(stale);
  }
}

/** The statements' names by their text: a fixed few texts (see above), each hashed once. */
const names = new Map<string, string>();
function statementName(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `sf_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    if (names.size >= 1000) names.clear();
    names.set(sql, name);
  }
  return name;
}

/** A value written into a statement's text as SQL does (standard strings): numbers and strings without a backslash or NUL only. */
function literal(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string' && !/[\\\0]/.test(value)) return `'${value.replace(/'/g, "''")}'`;
  return null;
}

/** What PGlite's protocol layer hands back for one statement: its parsed backend messages. */
type BackendMessage =
  | { name: 'rowDescription'; fields: { name: string; dataTypeID: number }[] }
  | { name: 'dataRow'; fields: (string | null)[] }
  | { name: string };

/**
 * The members of PGlite this file uses besides `exec`: the protocol layer PGlite's own `exec`
 * runs on (`execProtocolStream`), its parsers (the public `parsers` map, trimmed by
 * pglite-parsers.ts), and the two locks every statement of PGlite's takes (declared on its
 * BasePGlite, used by its extensions): one statement at a time, never inside another caller's
 * transaction.
 */
type PgliteProtocol = PGlite & {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
};

/**
 * The rows of the last result set among `messages`, each value through PGlite's parser for its
 * type (as its `exec` reads them). Not PGlite's exported `parse.parseResults`: it copies the whole
 * parser map and builds each row through `Object.fromEntries`, and a product page's statement then
 * cost what it cost through `exec` (303-358 against 283-382 µs of CPU; with this function 267-314
 * against 363-425 µs, six alternated rounds of 3,000 each, 2026-11-30).
 */
function lastRows<T>(messages: readonly BackendMessage[], parsers: PGlite['parsers']): T {
  let fields: { name: string; dataTypeID: number }[] = [];
  let rows: Record<string, unknown>[] = [];
  for (const m of messages) {
    if (m.name === 'rowDescription') {
      fields = (m as Extract<BackendMessage, { name: 'rowDescription' }>).fields;
      rows = [];
    } else if (m.name === 'dataRow') {
      const values = (m as Extract<BackendMessage, { name: 'dataRow' }>).fields;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) {
        const { name, dataTypeID } = fields[i] as { name: string; dataTypeID: number };
        const value = values[i] ?? null;
        const parse = parsers[dataTypeID];
        row[name] = value === null || !parse ? value : parse(value, dataTypeID);
      }
      rows.push(row);
    }
  }
  return rows as T;
}

/**
 * PGlite: `execute name(values)` as one simple-protocol message, the values written as literals,
 * handed to PGlite's protocol layer under PGlite's own two locks. The ORM's `execute` sends every
 * statement through PGlite's extended protocol (parse, bind, describe, execute, sync: two passes
 * through the WebAssembly server) and its own layers: measured 2026-11-30 on the 20,000-product
 * shop, a product page's statement took 341-386 µs of CPU that way against 282-299 µs as one
 * message through PGlite's `exec` (`select 1`: 222-257 µs through the extended protocol), before
 * the ORM's JavaScript. `exec` itself sends a Sync message after the query (a second pass through
 * the WebAssembly server, which the simple protocol does not need: the query ends with its
 * ReadyForQuery), waits for a file-system sync (none on Node's file system, but behind a lock of
 * its own), and parses every result set: `select 1` took 90-126 µs of CPU through `exec` against
 * 22-35 µs this way (2026-11-30, the bench's flags). With `genericPlan`, `SET LOCAL` lasts until
 * the end of the implicit transaction of that one multi-statement message, so the session's own
 * setting is back whatever happens (an error included: PGlite's protocol layer throws the
 * statement's DatabaseError, with its `code`). Null when a value cannot be written as a literal
 * (the caller then goes through the ORM).
 */
async function executeText<T>(conn: object, name: string, params: readonly unknown[], genericPlan: boolean): Promise<T | null> {
  const values = params.map(literal);
  if (values.some((v) => v === null)) return null;
  const pglite = (await (conn as { getNativeClient(): Promise<PGlite> }).getNativeClient()) as PgliteProtocol;
  const execute = `execute ${name}${values.length ? `(${values.join(', ')})` : ''}`;
  const message = protocol.serialize.query(genericPlan ? `set local plan_cache_mode = force_generic_plan; ${execute}` : execute);
  const messages = await pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(() => pglite.execProtocolStream(message, { syncToFs: false })),
  );
  return lastRows<T>(messages as BackendMessage[], pglite.parsers);
}

/**
 * The two ways a prepared statement leaves the process besides the ORM's `execute`, as one object
 * so that tests can watch every statement a page sends (tests/helpers/statements.ts).
 */
export const preparedSends = { named: executeNamed, text: executeText };

export type PreparedOptions = {
  /**
   * Always the generic plan (PGlite): for a statement whose plan its text fixes whatever the values.
   * The search's matches are a materialized CTE over products_search_idx, so its plan is the same
   * for every term, but PostgreSQL kept planning it anew at every execution (a term's own estimate,
   * 40 rows, always looks cheaper than the generic plan's 500), 0.7 ms of each search's 2.4-2.6 on
   * 100,000 products; on the generic plan 1.7-2.2 ms (2026-11-30).
   */
  genericPlan?: boolean;
};

export async function executePrepared<T>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
  { genericPlan = false }: PreparedOptions = {},
): Promise<T> {
  const conn = em.getConnection();
  const tx = em.getTransactionContext();
  if (!(em.getDriver() instanceof PgliteDriver)) {
    const pool = tx ? undefined : poolBy.get(conn)?.();
    return (
      (pool ? await preparedSends.named<T>(pool, statementName(sql), sql, params) : null) ?? conn.execute<T>(sql, [...params], 'all', tx)
    );
  }
  let prepared = preparedBy.get(conn);
  if (!prepared) {
    prepared = new Map();
    preparedBy.set(conn, prepared);
  }
  const name = statementName(sql);
  const execute = `execute ${name}${params.length ? `(${params.map(() => '?').join(', ')})` : ''}`;
  const prepare = () => {
    const done = conn.execute(`prepare ${name} as ${numberedPlaceholders(sql)}`, [], 'all', tx).then(
      () => undefined,
      (e: unknown) => {
        if (codeOf(e) === DUPLICATE_PREPARED) return;
        prepared.delete(name);
        throw e;
      },
    );
    prepared.set(name, done);
    return done;
  };
  // Inside an ORM transaction its connection is the one to use. Outside one, every statement waits
  // for an open transaction to end (PGlite is one session), this one's own call as the ORM's.
  const run = async () =>
    (!tx ? await preparedSends.text<T>(conn, name, params, genericPlan) : null) ?? conn.execute<T>(execute, [...params], 'all', tx);
  await (prepared.get(name) ?? prepare());
  try {
    return await run();
  } catch (e) {
    if (codeOf(e) !== UNKNOWN_PREPARED) throw e;
    prepared.delete(name);
    await prepare();
    return run();
  }
}
