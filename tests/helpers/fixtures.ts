import type { Database } from '../../src/db/database.ts';

/** A collection written straight in SQL, for files that test something else than the collection calls: its id. */
export async function insertCollection(db: Database, name: string, slug: string, sortOrder = 1): Promise<number> {
  const [row] = await db
    .fork()
    .getConnection()
    .execute<{ id: number }[]>('insert into collections (name, slug, sort_order) values (?, ?, ?) returning id', [name, slug, sortOrder]);
  return row?.id ?? 0;
}
