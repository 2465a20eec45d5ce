import type { Database } from '../../src/db/database.ts';

/** Rows in one table. */
export async function countRows(db: Database, table: string): Promise<number> {
  const [row] = await db.fork().getConnection().execute<{ n: string }[]>(`select count(*)::text as n from "${table}"`);
  return Number(row?.n);
}

/** Row counts of every table plus the settings row: a call that must change nothing leaves it equal. */
export async function dbSnapshot(db: Database): Promise<string> {
  const conn = db.fork().getConnection();
  const tables = await conn.execute<{ table_name: string }[]>(
    "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1",
  );
  const counts: string[] = [];
  for (const { table_name } of tables) counts.push(`${table_name}=${await countRows(db, table_name)}`);
  const settings = await conn.execute('select * from settings');
  return JSON.stringify({ counts, settings });
}
