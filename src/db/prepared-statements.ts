import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { PgliteDriver } from '@mikro-orm/pglite';

/**
 * The statements every storefront cache miss runs (a product page, a collection page, a search),
 * prepared once on the embedded database (PGlite) and executed by name after that.
 *
 * On PGlite the planner is WebAssembly in the server's own process, on V8's baseline compiler
 * (src/process-settings.ts): planning was half of a product page's statement (0.84 ms of CPU, 0.45
 * ms when prepared; 20,000 products, 2026-11-27). PostgreSQL plans in its own process, natively,
 * and each pooled connection would need its own PREPARE: there statements go as they are.
 *
 * Written here because neither MikroORM nor its PGlite dialect sends named statements (every
 * statement is parsed unnamed), so this uses SQL's PREPARE and EXECUTE, with the parameters bound
 * as before (`execute name(?, ?)`). PostgreSQL keeps a prepared statement for the session; its
 * plan is rebuilt by itself after a schema change; custom plans for the first five executions,
 * then the generic plan when it costs no more. A session that lost its statements (error 26000)
 * prepares them again. The statements are a fixed few per SQL text (a collection page has one per
 * sort, filter set and scope), so they are never deallocated.
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

export async function executePrepared<T>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<T> {
  const conn = em.getConnection();
  if (!(em.getDriver() instanceof PgliteDriver)) return conn.execute<T>(sql, [...params]);
  let prepared = preparedBy.get(conn);
  if (!prepared) {
    prepared = new Map();
    preparedBy.set(conn, prepared);
  }
  const name = `sf_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
  const execute = `execute ${name}${params.length ? `(${params.map(() => '?').join(', ')})` : ''}`;
  const prepare = () => {
    const done = conn.execute(`prepare ${name} as ${numberedPlaceholders(sql)}`).then(
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
  await (prepared.get(name) ?? prepare());
  try {
    return await conn.execute<T>(execute, [...params]);
  } catch (e) {
    if (codeOf(e) !== UNKNOWN_PREPARED) throw e;
    prepared.delete(name);
    await prepare();
    return conn.execute<T>(execute, [...params]);
  }
}
