import type { Database } from '../../src/db/database.ts';

/**
 * The statements a spy on `Connection.execute` saw, as SQL: a prepared storefront statement's
 * EXECUTE (src/db/prepared-statements.ts, on PGlite) stands for the text it prepared ($1… for its
 * parameters), and the PREPARE of a first execution is left out (it is part of that execution).
 */
export async function statementsSeen(db: Database, calls: readonly (readonly unknown[])[]): Promise<string[]> {
  const texts = calls.map((c) => String(c[0]));
  type Row = { name: string; statement: string };
  const rows: Row[] =
    db.kind === 'postgresql' ? [] : await db.fork().getConnection().execute<Row[]>('select name, statement from pg_prepared_statements');
  const prepared = new Map<string, string>(rows.map((r: Row) => [r.name, r.statement.replace(/^prepare \w+ as /i, '')]));
  return texts
    .filter((t) => !/^prepare sf_/i.test(t))
    .map((t) => {
      const name = /^execute (sf_\w+)/i.exec(t)?.[1];
      return name ? (prepared.get(name) ?? t) : t;
    });
}
