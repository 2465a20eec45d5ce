import type { EntityManager } from '@mikro-orm/core';
import type { TableDef } from './tables.ts';

/** A raw query on `em`, inside its transaction when it has one. */
export type Run = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

export function runnerOf(em: EntityManager): Run {
  const conn = em.getConnection();
  return (sql, params = []) => conn.execute(sql, params, 'all', em.getTransactionContext()) as never;
}

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The table's columns in the current schema, in their order (empty when the table is missing). */
export async function columnsOf(run: Run, table: string): Promise<string[]> {
  const rows = await run<{ c: string }>(
    'select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = ? order by ordinal_position',
    [table],
  );
  return rows.map((r) => r.c);
}

/**
 * One page of a table in key order, each row as the database's own JSON text (timestamps with
 * their microseconds and offset, numerics exact), without the columns in `drop`.
 */
export async function readPage(
  run: Run,
  def: TableDef,
  drop: string[],
  after: string[] | null,
  limit: number,
): Promise<{ json: string; key: string[] }[]> {
  const keys = def.key.map((k) => `t.${quote(k)}`);
  const minus = drop.map((c) => ` - '${c}'`).join('');
  const where = after ? `where (${keys.join(', ')}) > (${keys.map(() => '?').join(', ')})` : '';
  const rows = await run<Record<string, string>>(
    `select (to_jsonb(t)${minus})::text as j, ${keys.map((k, i) => `${k}::text as k${i}`).join(', ')}
     from ${quote(def.name)} t ${where} order by ${keys.join(', ')} limit ${limit}`,
    after ?? [],
  );
  return rows.map((r) => ({ json: r.j as string, key: def.key.map((_, i) => r[`k${i}`] as string) }));
}

/** Inserts rows (JSON objects' text) with their ids, the database converting each value from JSON. */
export async function insertRows(run: Run, table: string, columns: string[], rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  const cols = columns.map(quote).join(', ');
  await run(`insert into ${quote(table)} (${cols}) select ${cols} from jsonb_populate_recordset(null::${quote(table)}, ?::jsonb)`, [
    `[${rows.join(',')}]`,
  ]);
}

/** Moves a serial id's sequence past the largest id, so the next insert takes max(id) + 1. */
export async function resetSequence(run: Run, table: string): Promise<void> {
  await run(`select setval(pg_get_serial_sequence(?, 'id'), coalesce((select max(id) from ${quote(table)}), 0) + 1, false)`, [table]);
}
