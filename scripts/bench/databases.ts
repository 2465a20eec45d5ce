/**
 * Throwaway databases for the benchmark: a fresh PostgreSQL database per run (created and dropped
 * here, never the server's own data), and the 100,000-product catalogue for the search figure,
 * written straight in SQL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.ts';

/** BENCH_DATABASE_URL, else TEST_DATABASE_URL: a server database to create bench databases from. */
export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!PG_ADMIN_URL) throw new Error('no PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const name = `shop_bench_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export const SEARCH_WORDS = ['camiseta', 'caneca', 'bone', 'meia', 'acai', 'garrafa', 'almofada', 'vaso', 'ecobag', 'kit'];
const COLORS = ['azul', 'verde', 'terracota', 'preto', 'branco', 'listrado', 'floral', 'mostarda'];

/**
 * Migrates the database and writes `count` products, as a big shop would have: in one collection
 * ('tudo'), or spread over `collections` collections (`colecao-1`…); then `featured` more without a
 * collection (the home's featured products).
 */
export async function seedProducts(
  target: { kind: 'pglite'; dataDir: string } | { kind: 'postgresql'; url: string },
  count: number,
  opts: { collections?: number; featured?: number } = {},
) {
  const db = await openDatabase(target);
  try {
    await db.migrate();
    const conn = db.fork().getConnection();
    await conn.execute("insert into collections (name, slug, sort_order) values ('Tudo', 'tudo', 1)");
    const spread = opts.collections ?? 0;
    if (spread > 0) {
      await conn.execute(
        `insert into collections (name, slug, sort_order) select 'Coleção ' || g, 'colecao-' || g, 1 + g from generate_series(1, ${spread}) g`,
      );
    }
    const collectionOf =
      spread > 0
        ? `(select id from collections where slug = 'colecao-' || (1 + g % ${spread}))`
        : "(select id from collections where slug = 'tudo')";
    const words = `array[${SEARCH_WORDS.map((w) => `'${w}'`).join(',')}]`;
    const colors = `array[${COLORS.map((w) => `'${w}'`).join(',')}]`;
    await conn.execute(`
      insert into products (title, slug, description, price, position, collection_id, search_text)
      select initcap(w) || ' ' || c || ' ' || g, 'produto-' || g, 'Produto de teste ' || g, 10 + (g % 500), g,
             case when g <= ${count} then ${collectionOf} end, w || ' ' || c || ' ' || g || ' produto de teste ' || g
      from generate_series(1, ${count + (opts.featured ?? 0)}) g,
           lateral (select (${words})[1 + g % ${SEARCH_WORDS.length}] as w, (${colors})[1 + (g / 7) % ${COLORS.length}] as c) x`);
    await conn.execute('analyze products');
  } finally {
    await db.close();
  }
}
