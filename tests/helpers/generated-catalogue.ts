import type { Database } from '../../src/db/database.ts';

/**
 * A merchant-sized catalogue in one statement: `count` products (`Produto 00001`…) with prices, in
 * `collections` collections (`Coleção 1`…, every one active) and, when `withoutCollection` is
 * given, that many more without one (the home's featured products), each with one image row. Fast
 * on PGlite and PostgreSQL alike (INSERT … SELECT generate_series).
 */
export async function generateCatalogue(
  db: Database,
  opts: { count: number; collections?: number; withoutCollection?: number },
): Promise<{ collectionIds: number[] }> {
  const conn = db.fork().getConnection();
  const groups = opts.collections ?? 0;
  if (groups > 0) {
    await conn.execute(
      `insert into collections (name, slug, sort_order, active, created_at, updated_at)
       select 'Coleção ' || g, 'colecao-gerada-' || g, g, true, now(), now() from generate_series(1, ?) g`,
      [groups],
    );
  }
  const ids = (await conn.execute<{ id: number }[]>(`select id from collections where slug like 'colecao-gerada-%' order by id`)).map(
    (r: { id: number }) => r.id,
  );
  const insert = async (count: number, offset: number, inCollections: boolean) =>
    conn.execute(
      `insert into products (title, slug, description, price, old_price, image_url, collection_id, shopify_product_id, position, search_text, created_at, updated_at)
       select 'Produto ' || lpad(n::text, 5, '0'), 'produto-gerado-' || n, 'Descrição do produto ' || n,
              (10 + (n % 490))::numeric(12,2), case when n % 3 = 0 then (20 + (n % 490))::numeric(12,2) end, '',
              ${inCollections ? `(select id from collections where slug = 'colecao-gerada-' || (1 + n % ${Math.max(groups, 1)}))` : 'null'},
              '', n, 'produto ' || n || ' descricao do produto', now(), now()
         from generate_series(?, ?) n`,
      [offset + 1, offset + count],
    );
  await insert(opts.count, 0, groups > 0);
  if (opts.withoutCollection) await insert(opts.withoutCollection, opts.count, false);
  await conn.execute(
    `insert into product_images (product_id, url, file_name, position, created_at)
     select id, '/uploads/gerada-' || id || '.webp', 'gerada-' || id || '.webp', 0, now() from products where slug like 'produto-gerado-%'`,
  );
  return { collectionIds: ids };
}
