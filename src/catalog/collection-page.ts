import type { CollectionDto, CollectionPageDto, CollectionPageInput, CollectionSort } from '../../shared/catalog.ts';
import { FEATURED_SLUG } from '../../shared/catalog-paths.ts';
import { LIMITS } from '../../shared/limits.ts';
import type { AppContext } from '../context.ts';
import { executePrepared } from '../db/prepared-statements.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { withPayments } from './payment.ts';
import { CARD_COLUMNS, type CardRow, rowToProductCard } from './product-rows.ts';
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

/** Which products a page lists: a live collection by its slug, a renamed one by its id, or the featured ones. */
type Scope = { slug: string } | { id: number } | 'featured';

type PageRow = CardRow & {
  total: number;
  min_price: string | null;
  max_price: string | null;
  c_id: number;
  c_name: string;
  c_slug: string;
  c_sort_order: number;
  c_active: boolean;
};

/**
 * One statement for a page of any scope: the collection, the count after filters, the price range
 * and the page's rows with their galleries (product-rows.ts), each row carrying the collection and
 * the figures (a page with no rows: one row of nulls; an unknown slug: none). The count walks the
 * collection's index entries; the price range reads the two ends of products_collection_price_idx
 * (on 20,000 products in 40 collections, PGlite: the figures 1.9 -> 1.1 ms against min()/max()
 * over the collection). `offset 0` keeps the figures a subquery evaluated once: pulled up into the
 * select list, they would run again for each of the page's rows.
 */
async function readPage(ctx: AppContext, scope: Scope, input: CollectionPageInput, page: { offset: number; limit: number }) {
  const filter = filterSql(input);
  const featured = scope === 'featured';
  const member = featured ? 'p.collection_id is null' : 'p.collection_id = c.id';
  const [from, where, key]: [string, string, (string | number)[]] = featured
    ? ["(select 0 as id, '' as name, '' as slug, 0 as sort_order, true as active)", '', []]
    : 'slug' in scope
      ? ['collections', 'where c.slug = ?', [scope.slug]]
      : ['collections', 'where c.id = ?', [scope.id]];
  const end = (dir: 'asc' | 'desc') => `(select p.price::text from products p where ${member} order by p.price ${dir} limit 1)`;
  return executePrepared<PageRow[]>(
    ctx.em,
    `select c.id as c_id, c.name as c_name, c.slug as c_slug, c.sort_order as c_sort_order, c.active as c_active,
            s.total, s.min_price, s.max_price, x.*
       from ${from} c
       cross join lateral (
         select (select count(*) from products p where ${member} and ${filter.sql})::int as total,
                ${end('asc')} as min_price, ${end('desc')} as max_price
         offset 0) s
       left join lateral (
         select ${CARD_COLUMNS}, row_number() over (order by ${ORDER_BY[input.sort]}) as ord
           from products p where ${member} and ${filter.sql}
          order by ${ORDER_BY[input.sort]} limit ? offset ?) x on true
      ${where}
      order by x.ord`,
    [...filter.params, ...filter.params, page.limit, page.offset, ...key],
  );
}

/**
 * The collection page (spec §2): an active collection's products sorted, filtered and paged in the
 * database, with the count after filters and the collection's price range; null when no active
 * collection has that slug. A slug the collection had before a rename finds it too (its `slug`
 * then differs: the client moves to it). The featured listing (FEATURED_SLUG) is the products
 * without a collection, shown as a collection. A page nobody asked for before costs one statement
 * (readPage); an old slug one more, to find the collection it now names.
 */
export async function findCollectionPage(ctx: AppContext, input: CollectionPageInput): Promise<CollectionPageDto | null> {
  await assertStoreVisible(ctx);
  const size = LIMITS.collectionPageSize;
  const { from, to } = input.cursor ?? { from: 1, to: 1 };
  const page = { offset: (from - 1) * size, limit: (to - from + 1) * size };
  if (input.slug === FEATURED_SLUG) return pageDto(ctx, FEATURED_COLLECTION, await readPage(ctx, 'featured', input, page), page);
  let rows = await readPage(ctx, { slug: input.slug }, input, page);
  if (!rows[0]) {
    const renamed = await collectionByOldSlug(ctx.em, input.slug);
    if (!renamed) return null;
    rows = await readPage(ctx, { id: renamed.id }, input, page);
  }
  const first = rows[0];
  if (!first?.c_active) return null;
  const collection: CollectionDto = {
    id: first.c_id,
    name: first.c_name,
    slug: first.c_slug,
    sort_order: first.c_sort_order,
    active: true,
  };
  return pageDto(ctx, collection, rows, page);
}

async function pageDto(
  ctx: AppContext,
  collection: CollectionDto,
  rows: PageRow[],
  page: { offset: number; limit: number },
): Promise<CollectionPageDto> {
  const first = rows[0];
  const total = Number(first?.total ?? 0);
  return {
    collection,
    products: await withPayments(ctx, rows.filter((r) => r.id !== null).map(rowToProductCard)),
    total,
    has_more: page.offset + page.limit < total,
    price_range: first?.min_price && first.max_price ? { min: first.min_price, max: first.max_price } : null,
  };
}
