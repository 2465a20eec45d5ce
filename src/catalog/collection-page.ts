import type { CollectionDto, CollectionPageDto, CollectionPageInput, CollectionSort } from '../../shared/catalog.ts';
import { FEATURED_SLUG } from '../../shared/catalog-paths.ts';
import { LIMITS } from '../../shared/limits.ts';
import type { AppContext } from '../context.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { toCollectionDto } from './catalog.mapper.ts';
import { Collection } from './collection.entity.ts';
import { withPayments } from './payment.ts';
import { productRows } from './product-rows.ts';
import { collectionByOldSlug } from './slug-history.ts';

/**
 * ORDER BY of each sort, always ending with the id so equal values keep one order from page to
 * page. Names sort with the ICU root collation ("und-x-icu": accents and case are secondary, so
 * "Égua" sits between "abacaxi" and "eixo"), which PGlite and PostgreSQL built with ICU share.
 */
const ORDER_BY: Record<CollectionSort, string> = {
  posicao: 'p.position asc, p.id asc',
  'preco-asc': 'p.price asc, p.id asc',
  'preco-desc': 'p.price desc, p.id asc',
  nome: 'p.title collate "und-x-icu" asc, p.id asc',
  novidades: 'p.created_at desc, p.id desc',
};

/** The featured listing as a collection: its name is translated on the storefront (collection-label.ts). */
const FEATURED_COLLECTION: CollectionDto = { id: 0, name: 'Produtos em destaque', slug: FEATURED_SLUG, sort_order: 0, active: true };

type Sql = { sql: string; params: (string | number)[] };

/** The filters as one SQL condition (true when none), bounds compared as numeric(12,2). */
function filterSql(input: CollectionPageInput): Sql {
  const parts: string[] = [];
  const params: string[] = [];
  if (input.min !== undefined) {
    parts.push('p.price >= cast(? as numeric)');
    params.push(input.min.toFixed(2));
  }
  if (input.max !== undefined) {
    parts.push('p.price <= cast(? as numeric)');
    params.push(input.max.toFixed(2));
  }
  if (input.on_sale) parts.push('p.old_price > p.price');
  return { sql: parts.length ? parts.join(' and ') : 'true', params };
}

/**
 * The collection page (spec §2): an active collection's products sorted, filtered and paged in the
 * database, with the count after filters and the collection's price range; null when no active
 * collection has that slug. A slug the collection had before a rename finds it too (its `slug`
 * then differs: the client moves to it).
 */
export async function findCollectionPage(ctx: AppContext, input: CollectionPageInput): Promise<CollectionPageDto | null> {
  await assertStoreVisible(ctx);
  const featured = input.slug === FEATURED_SLUG;
  const live = featured ? null : await ctx.em.findOne(Collection, { slug: input.slug });
  const row = live ?? (featured ? null : await collectionByOldSlug(ctx.em, input.slug));
  if (!featured && !row?.active) return null;
  const collection: CollectionDto = row ? toCollectionDto(row) : FEATURED_COLLECTION;
  // The featured listing: the products without a collection (products_collection_position_idx has them too).
  const inList = featured ? 'p.collection_id is null' : 'p.collection_id = ?';
  const listParams = featured ? [] : [collection.id];
  const conn = ctx.em.getConnection();
  const filter = filterSql(input);

  // One pass over the collection gives the count after filters and the unfiltered price range.
  const [stats] = await conn.execute<{ total: number; min_price: string | null; max_price: string | null }[]>(
    `select count(*) filter (where ${filter.sql})::int as total, min(p.price)::text as min_price, max(p.price)::text as max_price
       from products p where ${inList}`,
    [...filter.params, ...listParams],
  );
  const total = Number(stats?.total ?? 0);

  const size = LIMITS.collectionPageSize;
  const { from, to } = input.cursor ?? { from: 1, to: 1 };
  const offset = (from - 1) * size;
  const limit = (to - from + 1) * size;
  // The page's rows with their galleries in one statement (product-rows.ts); ORDER_BY names the
  // table's columns (p.price, not the text it is read as).
  const products = await productRows(ctx.em, `where ${inList} and ${filter.sql} order by ${ORDER_BY[input.sort]} limit ? offset ?`, [
    ...listParams,
    ...filter.params,
    limit,
    offset,
  ]);

  return {
    collection,
    products: await withPayments(ctx, products),
    total,
    has_more: offset + limit < total,
    price_range: stats?.min_price && stats.max_price ? { min: stats.min_price, max: stats.max_price } : null,
  };
}
