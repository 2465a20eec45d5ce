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

/**
 * The columns CARD_COLUMNS reads of a product, taken in the page's order and limited before the
 * card's photo is looked up: with the photo in the same select, PostgreSQL looked it up for every
 * row the offset skips too (72 lookups for the 24 cards of `pagina=3`).
 */
const PAGE_COLUMNS = 'p.id, p.title, p.slug, p.price, p.old_price, p.collection_id, p.shopify_product_id, p.position, p.image_url';

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

/** A page as its statement answers it: one JSON value (see readPage). */
type PageJson = {
  collection: CollectionDto;
  total: number;
  min_price: string | null;
  max_price: string | null;
  rows: CardRow[];
};

/**
 * One statement for a page of any scope: the collection, the count after filters, the price range
 * and the page's rows with their galleries (product-rows.ts), as one JSON value (an unknown slug:
 * no row). The count walks the collection's index entries; the price range reads the two ends of
 * products_collection_price_idx (on 20,000 products in 40 collections, PGlite: the figures 1.9 ->
 * 1.1 ms against min()/max() over the collection). `offset 0` keeps the figures a subquery
 * evaluated once. One JSON value rather than a row per card with the collection and the figures
 * repeated: PGlite's reader copies every field of every row into an ArrayBuffer of its own before
 * decoding it (24 cards of 19 columns: about 460 of them), and JSON.parse reads the whole page at
 * once: 2.5-2.9 -> 2.0 ms per page on PGlite under the server's flags (2026-11-28).
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
  const rows = await executePrepared<{ page: PageJson }[]>(
    ctx.em,
    `select json_build_object(
              'collection', json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'sort_order', c.sort_order, 'active', c.active),
              'total', s.total, 'min_price', s.min_price, 'max_price', s.max_price,
              'rows', coalesce((
                select json_agg(x order by x.ord) from (
                  select ${CARD_COLUMNS}, p.ord from (
                    select ${PAGE_COLUMNS}, row_number() over (order by ${ORDER_BY[input.sort]}) as ord
                      from products p where ${member} and ${filter.sql}
                     order by ${ORDER_BY[input.sort]} limit ? offset ?) p) x), '[]'::json)) as page
       from ${from} c
       cross join lateral (
         select (select count(*) from products p where ${member} and ${filter.sql})::int as total,
                ${end('asc')} as min_price, ${end('desc')} as max_price
         offset 0) s
      ${where}`,
    [...filter.params, page.limit, page.offset, ...filter.params, ...key],
    // Each filter shape is its own statement text, and its plan follows from the text: the sort's
    // index, the collection's entries, the price bounds as a condition. PostgreSQL kept planning
    // it anew at every execution (a bound's own estimate always looks cheaper than the generic
    // plan's), 0.5-0.7 ms of PGlite's CPU a page: on 20,000 products in 40 collections, 24 cards,
    // every sort, a bound that keeps all or 1% of a collection, 1.18-1.59 ms against 0.56-1.01 ms
    // on the generic plan; with all 20,000 products in one collection the two were the same
    // within 5% (4.4-7.5 ms, most of it the count), 2026-11-30.
    { genericPlan: true },
  );
  return rows[0]?.page ?? null;
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
  let found = await readPage(ctx, { slug: input.slug }, input, page);
  if (!found) {
    const renamed = await collectionByOldSlug(ctx.em, input.slug);
    if (!renamed) return null;
    found = await readPage(ctx, { id: renamed.id }, input, page);
  }
  if (!found?.collection.active) return null;
  return pageDto(ctx, found.collection, found, page);
}

async function pageDto(
  ctx: AppContext,
  collection: CollectionDto,
  found: PageJson | null,
  page: { offset: number; limit: number },
): Promise<CollectionPageDto> {
  const total = Number(found?.total ?? 0);
  return {
    collection,
    products: await withPayments(ctx, (found?.rows ?? []).map(rowToProductCard)),
    total,
    has_more: page.offset + page.limit < total,
    price_range: found?.min_price && found.max_price ? { min: found.min_price, max: found.max_price } : null,
  };
}
