import type { EntityManager } from '@mikro-orm/core';
import type { CollectionDto, HomeDto, ProductDto } from '../../shared/catalog.ts';
import { MESSAGES } from '../../shared/errors.ts';
import { LIMITS } from '../../shared/limits.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { toCollectionDto, toProductDto } from './catalog.mapper.ts';
import { Collection } from './collection.entity.ts';
import { galleries, withGalleries } from './galleries.ts';
import { withPaymentOptions, withPayments } from './payment.ts';
import { Product } from './product.entity.ts';
import { productSearchSql, toPrefixQuery } from './search.ts';
import { productByOldSlug } from './slug-history.ts';

const productOrder = { position: 'asc', id: 'asc' } as const;

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
  const where: Record<string, unknown> = {};
  if (input.collection_id) where.collection = input.collection_id;
  if (input.q !== undefined) {
    const query = toPrefixQuery(input.q);
    if (!query) return [];
    const limit = Math.min(input.limit ?? LIMITS.searchMaxResults, PRODUCTS_IN_ONE_ANSWER);
    const ids = await searchProductIds(ctx, query, input.collection_id, limit, offset);
    const found = ids.length ? await ctx.em.find(Product, { id: { $in: ids } }, { orderBy: productOrder }) : [];
    return withGalleries(ctx.em, found);
  }
  const limit = Math.min(input.limit ?? PRODUCTS_IN_ONE_ANSWER, PRODUCTS_IN_ONE_ANSWER);
  const products = await ctx.em.find(Product, where, { orderBy: productOrder, limit, offset });
  return withGalleries(ctx.em, products);
}

/** The storefront's product list (the search overlay): listProducts with each card's payment promises. */
export async function listStoreProducts(ctx: AppContext, input: Parameters<typeof listProducts>[1] = {}): Promise<ProductDto[]> {
  return withPayments(ctx, await listProducts(ctx, input));
}

async function searchProductIds(
  ctx: AppContext,
  query: string,
  collectionId: number | undefined,
  limit: number,
  offset: number,
): Promise<number[]> {
  const { sql, params } = productSearchSql(query, collectionId, limit, offset);
  const rows = await ctx.em.getConnection().execute<{ id: number }[]>(sql, params);
  return rows.map((r: { id: number }) => r.id);
}

export async function getProduct(ctx: AppContext, by: { id: number } | { slug: string }): Promise<ProductDto> {
  await assertStoreVisible(ctx);
  const product = await ctx.em.findOne(Product, 'id' in by ? { id: by.id } : { slug: by.slug });
  if (!product) throw new AppError('NOT_FOUND', MESSAGES.productNotFound);
  const [dto] = await withGalleries(ctx.em, [product]);
  return dto as ProductDto;
}

export async function listCollections(ctx: AppContext): Promise<CollectionDto[]> {
  await assertStoreVisible(ctx);
  const rows = await ctx.em.find(Collection, {}, { orderBy: { sort_order: 'asc', id: 'asc' } });
  return rows.map(toCollectionDto);
}

/**
 * The home page (spec §2): featured = products without a collection (the first 8, the rest on the
 * featured listing); then one section per active collection that has products, in sort order,
 * with its first 4 products by position. Nothing in it grows with the catalogue.
 */
export async function getHome(ctx: AppContext): Promise<HomeDto> {
  await assertStoreVisible(ctx);
  const take = LIMITS.homeCollectionProducts;
  // One more than shown tells whether 'Ver mais' is needed.
  const featuredTake = await ctx.em.find(Product, { collection: null }, { orderBy: productOrder, limit: LIMITS.homeFeaturedProducts + 1 });
  const featured = featuredTake.slice(0, LIMITS.homeFeaturedProducts);
  const collections = await ctx.em.find(Collection, { active: true }, { orderBy: { sort_order: 'asc', id: 'asc' } });
  // The first take + 1 products of every active collection in one query (the extra one tells
  // whether 'view more' is needed), however many collections the shop has.
  const ranked = collections.length
    ? await ctx.em.getConnection().execute<{ id: number }[]>(
        `select id from (select id, row_number() over (partition by collection_id order by position, id) as n
             from products where collection_id in (${collections.map(() => '?').join(',')})) ranked where n <= ?`,
        [...collections.map((c) => c.id), take + 1],
      )
    : [];
  const inSections = ranked.length
    ? await ctx.em.find(Product, { id: { $in: ranked.map((r: { id: number }) => r.id) } }, { orderBy: productOrder })
    : [];
  const byCollection = Map.groupBy(inSections, (p) => p.collection?.id);
  const g = await galleries(
    ctx.em,
    [...featured, ...inSections].map((p) => p.id),
  );
  const sections: HomeDto['sections'] = [];
  for (const c of collections) {
    const list = byCollection.get(c.id) ?? [];
    if (list.length === 0) continue; // collections without products are hidden (spec §2)
    sections.push({
      collection: toCollectionDto(c),
      products: await withPayments(
        ctx,
        list.slice(0, take).map((p) => toProductDto(p, g.get(p.id))),
      ),
      has_more: list.length > take,
    });
  }
  return {
    featured: await withPayments(
      ctx,
      featured.map((p) => toProductDto(p, g.get(p.id))),
    ),
    featured_has_more: featuredTake.length > featured.length,
    sections,
  };
}

/** A product by its slug, or by a slug it had before a rename (its `slug` then differs: the client moves to it). */
async function productBySlugOrOldSlug(em: EntityManager, slug: string) {
  return (await em.findOne(Product, { slug })) ?? (await productByOldSlug(em, slug));
}

/** The product page's data: the product, or null when no product has (or had) that slug. */
export async function findProductBySlug(ctx: AppContext, slug: string): Promise<ProductDto | null> {
  await assertStoreVisible(ctx);
  const product = await productBySlugOrOldSlug(ctx.em, slug);
  if (!product) return null;
  const [dto] = await withGalleries(ctx.em, [product]);
  return dto ? withPaymentOptions(ctx, dto) : null;
}
