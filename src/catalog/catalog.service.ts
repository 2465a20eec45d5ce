import type { CollectionDto, HomeDto, HomeSectionsDto, ProductDto } from '../../shared/catalog.ts';
import { MESSAGES } from '../../shared/errors.ts';
import { LIMITS } from '../../shared/limits.ts';
import type { AppContext } from '../context.ts';
import { executePrepared } from '../db/prepared-statements.ts';
import { AppError } from '../errors.ts';
import { REVIEWS_OF_P, rememberReviews } from '../reviews/review.service.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { toCollectionDto } from './catalog.mapper.ts';
import { Collection } from './collection.entity.ts';
import { withGalleries } from './galleries.ts';
import { withPaymentOptions, withPayments } from './payment.ts';
import { cardRows, cardsByIds, PRODUCT_COLUMNS, type ProductRow, productRows, rowToProductDto } from './product-rows.ts';
import { productSearchSql, toPrefixQuery } from './search.ts';
import { productByOldSlug } from './slug-history.ts';

/** The most products one list answer holds at once; a whole catalogue past it is streamed (product-stream.ts). */
export const PRODUCTS_IN_ONE_ANSWER = 1000;

/**
 * Products, optionally filtered by collection or by a search term, in the owner's order: a page of
 * `limit` from `offset`. Never more than PRODUCTS_IN_ONE_ANSWER (the default without `limit`).
 * Search is a prefix match on accent-free words (products_search_idx, a GIN index on
 * to_tsvector('simple', search_text)); it answers at most `limit` products, 8 by default (the
 * search overlay).
 */
export async function listProducts(
  ctx: AppContext,
  input: { q?: string | undefined; limit?: number | undefined; offset?: number | undefined; collection_id?: number | undefined } = {},
): Promise<ProductDto[]> {
  await assertStoreVisible(ctx);
  const offset = input.offset ?? 0;
  if (input.q !== undefined) {
    const query = toPrefixQuery(input.q);
    if (!query) return [];
    const limit = Math.min(input.limit ?? LIMITS.searchMaxResults, PRODUCTS_IN_ONE_ANSWER);
    const { sql, params } = productSearchSql(query, input.collection_id, limit, offset);
    return (await executePrepared<ProductRow[]>(ctx.em, sql, params, { genericPlan: true })).map(rowToProductDto);
  }
  const limit = Math.min(input.limit ?? PRODUCTS_IN_ONE_ANSWER, PRODUCTS_IN_ONE_ANSWER);
  const inCollection = input.collection_id ? 'where p.collection_id = ?' : '';
  return productRows(ctx.em, `${inCollection} order by p.position, p.id limit ? offset ?`, [
    ...(input.collection_id ? [input.collection_id] : []),
    limit,
    offset,
  ]);
}

/** The storefront's product list (the search overlay): listProducts with each card's payment promises. */
export async function listStoreProducts(ctx: AppContext, input: Parameters<typeof listProducts>[1] = {}): Promise<ProductDto[]> {
  return withPayments(ctx, await listProducts(ctx, input));
}

export async function getProduct(ctx: AppContext, by: { id: number } | { slug: string }): Promise<ProductDto> {
  await assertStoreVisible(ctx);
  const [dto] = await productRows(ctx.em, `where ${'id' in by ? 'p.id' : 'p.slug'} = ? limit 1`, ['id' in by ? by.id : by.slug]);
  if (!dto) throw new AppError('NOT_FOUND', MESSAGES.productNotFound);
  return dto;
}

export async function listCollections(ctx: AppContext): Promise<CollectionDto[]> {
  await assertStoreVisible(ctx);
  const rows = await ctx.em.find(Collection, {}, { orderBy: { sort_order: 'asc', id: 'asc' } });
  return rows.map(toCollectionDto);
}

/**
 * The home page (spec §2): featured = products without a collection (the first 8, the rest on the
 * featured listing); then the first page of sections (`homeSections`). Nothing in it grows with
 * the catalogue.
 */
export async function getHome(ctx: AppContext): Promise<HomeDto> {
  await assertStoreVisible(ctx);
  // One more than shown tells whether 'Ver mais' is needed.
  const featuredTake = await cardRows(ctx.em, 'where p.collection_id is null order by p.position, p.id limit ?', [
    LIMITS.homeFeaturedProducts + 1,
  ]);
  const featured = featuredTake.slice(0, LIMITS.homeFeaturedProducts);
  const { sections, next } = await readHomeSections(ctx, 0);
  return {
    featured: await withPayments(ctx, featured),
    featured_has_more: featuredTake.length > featured.length,
    sections,
    sections_next: next,
  };
}

/**
 * A page of the home's collection sections (spec §2: one per active collection that has products,
 * in sort order, with its first 4 products by position), LIMITS.homeSectionsPerPage of them from
 * the `cursor`-th: the home carries the first page, the shopper asks for the others.
 */
export async function getHomeSections(ctx: AppContext, cursor: number): Promise<HomeSectionsDto> {
  await assertStoreVisible(ctx);
  return readHomeSections(ctx, cursor);
}

async function readHomeSections(ctx: AppContext, cursor: number): Promise<HomeSectionsDto> {
  const take = LIMITS.homeCollectionProducts;
  const size = LIMITS.homeSectionsPerPage;
  // Collections without products are hidden (spec §2), so they are left out before paging; one
  // more than the page tells whether another follows.
  const collections = await ctx.em.getConnection().execute<CollectionDto[]>(
    `select c.id, c.name, c.slug, c.sort_order, c.active from collections c
      where c.active and exists (select 1 from products p where p.collection_id = c.id)
      order by c.sort_order, c.id limit ? offset ?`,
    [size + 1, cursor],
  );
  const shown: CollectionDto[] = collections.slice(0, size);
  // The first take + 1 products of each shown collection in one query (the extra one tells
  // whether 'view more' is needed).
  const ranked = shown.length
    ? await ctx.em.getConnection().execute<{ id: number }[]>(
        `select id from (select id, row_number() over (partition by collection_id order by position, id) as n
             from products where collection_id in (${shown.map(() => '?').join(',')})) ranked where n <= ? order by n`,
        [...shown.map((c) => c.id), take + 1],
      )
    : [];
  const byCollection = Map.groupBy(
    await cardsByIds(
      ctx.em,
      ranked.map((r: { id: number }) => r.id),
    ),
    (p) => p.collection_id,
  );
  const sections: HomeSectionsDto['sections'] = [];
  for (const c of shown) {
    const list = byCollection.get(c.id) ?? [];
    if (list.length === 0) continue; // emptied since the collections were read
    sections.push({ collection: c, products: await withPayments(ctx, list.slice(0, take)), has_more: list.length > take });
  }
  return { sections, next: collections.length > size ? cursor + size : null };
}

/**
 * The product page's data: the product, or null when no product has (or had) that slug. By a slug
 * it had before a rename, its `slug` differs: the client moves to it.
 */
export async function findProductBySlug(ctx: AppContext, slug: string): Promise<ProductDto | null> {
  await assertStoreVisible(ctx);
  const [row] = await executePrepared<(ProductRow & { reviews: unknown })[]>(
    ctx.em,
    `select ${PRODUCT_COLUMNS}, ${REVIEWS_OF_P} as reviews from products p where p.slug = ? limit 1`,
    [slug],
  );
  if (row) {
    rememberReviews(ctx, row.id, row.reviews);
    return withPaymentOptions(ctx, rowToProductDto(row));
  }
  const renamed = await productByOldSlug(ctx.em, slug);
  if (!renamed) return null;
  const [dto] = await withGalleries(ctx.em, [renamed]);
  return dto ? withPaymentOptions(ctx, dto) : null;
}
