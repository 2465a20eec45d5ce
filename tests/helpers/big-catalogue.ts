import type { Database } from '../../src/db/database.ts';
import { insertCollection } from './fixtures.ts';

/**
 * A merchant-sized catalogue written in two statements (generate_series): `total` products, the
 * first `big` in one collection ('Grande'), the next `featured` without a collection, the rest in
 * a second collection ('Resto'); positions dense (0, 1, 2, …) inside each list, in id order.
 * Titles are 'Produto <n>', slugs 'produto-<n>'; every 1,000th is 'Camisa Açaí <n>' / 'camisa-acai-<n>'.
 */
export async function generateCatalogue(db: Database, opts: { total: number; big: number; featured: number }) {
  const grande = await insertCollection(db, 'Grande', 'grande', 1);
  const resto = await insertCollection(db, 'Resto', 'resto', 2);
  const { total, big, featured } = opts;
  const conn = db.fork().getConnection();
  await conn.execute(
    `insert into products (title, slug, description, price, position, collection_id, search_text)
     select case when g % 1000 = 0 then 'Camisa Açaí ' || g else 'Produto ' || g end,
            case when g % 1000 = 0 then 'camisa-acai-' || g else 'produto-' || g end,
            '', 10 + g % 90, pos, coll, ''
       from generate_series(1, ?::int) g,
            lateral (select case when g <= ?::int then ?::int when g <= ?::int then null else ?::int end as coll,
                            case when g <= ?::int then g - 1 when g <= ?::int then g - ?::int - 1 else g - ?::int - 1 end as pos) x`,
    [total, big, grande, big + featured, resto, big, big + featured, big, big + featured],
  );
  await conn.execute('analyze products');
  return { grande, resto };
}
