import type { CollectionDto, CollectionPageDto, CollectionPageInput, CollectionSort, ProductDto } from '../../shared/catalog.ts';
import { FEATURED_SLUG } from '../../shared/catalog-paths.ts';
import { LIMITS } from '../../shared/limits.ts';
import type { AppContext } from '../context.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { toCollectionDto } from './catalog.mapper.ts';
import { withPayments } from './payment.ts';
import { PRODUCT_COLUMNS, type ProductRow, productRows, rowToProductDto } from './product-rows.ts';
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

type Stats = { total: number; min_price: string | null; max_price: string | null };
type PageRow = ProductRow & Stats & { c_id: number; c_name: string; c_slug: string; c_sort_order: number; c_active: boolean };

/**
 * The collection page (spec §2): an active collection's products sorted, filtered and paged in the
 * database, with the count after filters and the collection's price range; null when no active
 * collection has that slug. A slug the collection had before a rename finds it too (its `slug`
 * then differs: the client moves to it).
 *
 * A page nobody asked for before costs one statement: the collection by its slug, one pass over
 * its products for the count and the price range, and the page's rows with their galleries
 * (product-rows.ts), each row carrying the collection and the figures (a page with no rows, one
 * row of nulls). The featured listing and an old slug take the two-statement path.
 */
export async function findCollectionPage(ctx: AppContext, input: CollectionPageInput): Promise<CollectionPageDto | null> {
  await assertStoreVisible(ctx);
  const size = LIMITS.collectionPageSize;
  const { from, to } = input.cursor ?? { from: 1, to: 1 };
  const offset = (from - 1) * size;
  const limit = (to - from + 1) * size;
  const page = { offset, limit };
  if (input.slug === FEATURED_SLUG) return listing(ctx, FEATURED_COLLECTION, input, page);

  const filter = filterSql(input);
  const rows = await ctx.em.getConnection().execute<PageRow[]>(
    `select c.id as c_id, c.name as c_name, c.slug as c_slug, c.sort_order as c_sort_order, c.active as c_active,
            s.total, s.min_price, s.max_price, x.*
       from collections c
       cross join lateral (
         select count(*) filter (where ${filter.sql})::int as total, min(p.price)::text as min_price, max(p.price)::text as max_price
           from products p where p.collection_id = c.id) s
       left join lateral (
         select ${PRODUCT_COLUMNS}, row_number() over (order by ${ORDER_BY[input.sort]}) as ord
           from products p where p.collection_id = c.id and ${filter.sql}
          order by ${ORDER_BY[input.sort]} limit ? offset ?) x on true
      where c.slug = ?
      order by x.ord`,
    [...filter.params, ...filter.params, limit, offset, input.slug],
  );
  const first = rows[0];
  if (!first) {
    const renamed = await collectionByOldSlug(ctx.em, input.slug);
    return renamed?.active ? listing(ctx, toCollectionDto(renamed), input, page) : null;
  }
  if (!first.c_active) return null;
  const collection: CollectionDto = {
    id: first.c_id,
    name: first.c_name,
    slug: first.c_slug,
    sort_order: first.c_sort_order,
    active: true,
  };
  const products = rows.filter((r: PageRow) => r.id !== null).map(rowToProductDto);
  return pageDto(ctx, collection, products, first, page);
}

async function pageDto(
  ctx: AppContext,
  collection: CollectionDto,
  products: ProductDto[],
  stats: Stats | undefined,
  page: { offset: number; limit: number },
): Promise<CollectionPageDto> {
  const total = Number(stats?.total ?? 0);
  return {
    collection,
    products: await withPayments(ctx, products),
    total,
    has_more: page.offset + page.limit < total,
    price_range: stats?.min_price && stats.max_price ? { min: stats.min_price, max: stats.max_price } : null,
  };
}

/** A listing by two statements: the figures, then the page's rows (the featured listing, a renamed collection). */
async function listing(
  ctx: AppContext,
  collection: CollectionDto,
  input: CollectionPageInput,
  page: { offset: number; limit: number },
): Promise<CollectionPageDto> {
  const featured = collection.slug === FEATURED_SLUG;
  // The featured listing: the products without a collection (products_collection_position_idx has them too).
  const inList = featured ? 'p.collection_id is null' : 'p.collection_id = ?';
  const listParams = featured ? [] : [collection.id];
  const filter = filterSql(input);
  // One pass over the collection gives the count after filters and the unfiltered price range.
  const [stats] = await ctx.em.getConnection().execute<Stats[]>(
    `select count(*) filter (where ${filter.sql})::int as total, min(p.price)::text as min_price, max(p.price)::text as max_price
       from products p where ${inList}`,
    [...filter.params, ...listParams],
  );
  // ORDER_BY names the table's columns (p.price, not the text it is read as).
  const products = await productRows(ctx.em, `where ${inList} and ${filter.sql} order by ${ORDER_BY[input.sort]} limit ? offset ?`, [
    ...listParams,
    ...filter.params,
    page.limit,
    page.offset,
  ]);
  return pageDto(ctx, collection, products, stats, page);
}
