import type { EntityManager } from '@mikro-orm/core';
import { MESSAGES } from '../../shared/errors.ts';
import type { ProductMove } from '../../shared/product-admin.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';

/**
 * The order of the products inside each list (a collection, or the featured list of products
 * without one). Every change takes the same transaction-scoped lock first, so two moves never
 * interleave; the statements are sized by what changes, not by the list.
 */
const ORDER_LOCK = 'select pg_advisory_xact_lock(1163018068)';

/** Raw SQL inside `em`'s transaction. */
function inTransaction(em: EntityManager) {
  const conn = em.getConnection();
  return <T>(sql: string, params: unknown[] = []) => conn.execute<T>(sql, params, 'all', em.getTransactionContext());
}

const listOf = (collectionId: number | null) =>
  collectionId === null ? { inList: 'collection_id is null', params: [] } : { inList: 'collection_id = ?', params: [collectionId] };

/**
 * Moves one product to `position` (1-based, past the end means last) in its list, in one
 * statement: the products between its old and new place shift by one, it takes its new place,
 * and the list's positions become dense (0, 1, 2, … in the list's order) again. Only rows whose
 * position changes are written.
 */
export async function moveProduct(ctx: AppContext, input: ProductMove): Promise<void> {
  await ctx.em.transactional(async (em: EntityManager) => {
    const sql = inTransaction(em);
    await sql(ORDER_LOCK);
    const [product] = await sql<{ collection_id: number | null }[]>('select collection_id from products where id = ?', [input.id]);
    if (!product) throw new AppError('NOT_FOUND', MESSAGES.productNotFound);
    const { inList, params } = listOf(product.collection_id);
    await sql(
      `with list as (
         select id, row_number() over (order by position, id)::int as rank from products where ${inList}
       ), moved as (
         select id, rank as src, least(?::int, (select count(*)::int from list)) as dst from list where id = ?
       )
       update products p set position = s.rank - 1, updated_at = now()
         from (select l.id, case
                 when l.id = m.id then m.dst
                 when l.rank > m.src and l.rank <= m.dst then l.rank - 1
                 when l.rank >= m.dst and l.rank < m.src then l.rank + 1
                 else l.rank end as rank
                 from list l cross join moved m) s
        where p.id = s.id and p.position <> s.rank - 1`,
      [...params, input.position, input.id],
    );
  });
}

/**
 * reorder.php (spec §7): sets the positions sent, in one statement; every id must exist, or
 * nothing changes. An id sent twice keeps its last position, as the list was read.
 */
export async function reorderProducts(ctx: AppContext, orders: { id: number; position: number }[]): Promise<void> {
  const last = new Map(orders.map((o) => [o.id, o.position]));
  if (last.size === 0) return;
  const values = JSON.stringify([...last].map(([id, position]) => ({ id, position })));
  await ctx.em.transactional(async (em: EntityManager) => {
    const sql = inTransaction(em);
    await sql(ORDER_LOCK);
    const updated = await sql<{ id: number }[]>(
      `update products p set position = v.position, updated_at = now()
         from jsonb_to_recordset(?::jsonb) as v(id int, position int)
        where p.id = v.id
       returning p.id`,
      [values],
    );
    if (updated.length !== last.size) throw new AppError('NOT_FOUND', MESSAGES.productNotFound);
  });
}
