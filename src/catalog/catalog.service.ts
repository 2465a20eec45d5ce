import type { EntityManager } from '@mikro-orm/core';
import type { CollectionDto, HomeDto, ProductDto } from '../../shared/catalog.ts';
import { MESSAGES } from '../../shared/errors.ts';
import { LIMITS } from '../../shared/limits.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { toCollectionDto, toProductDto } from './catalog.mapper.ts';
import { Collection } from './collection.entity.ts';
import { type IProduct, Product } from './product.entity.ts';
import { ProductImage } from './product-image.entity.ts';
import { toPrefixQuery } from './search.ts';

/** Gallery URLs of many products in one query, keyed by product id. */
async function galleries(em: EntityManager, productIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (productIds.length === 0) return map;
  const rows = await em.find(ProductImage, { product: { $in: productIds } }, { orderBy: { position: 'asc', id: 'asc' } });
  for (const r of rows) {
    const id = r.product.id;
    map.set(id, [...(map.get(id) ?? []), r.url]);
  }
  return map;
}

async function withGalleries(em: EntityManager, products: IProduct[]): Promise<ProductDto[]> {
  const g = await galleries(
    em,
    products.map((p) => p.id),
  );
  return products.map((p) => toProductDto(p, g.get(p.id)));
}

const productOrder = { position: 'asc', id: 'asc' } as const;

/** Products, optionally filtered by a search term (prefix, accent-insensitive) or collection. */
export async function listProducts(
  ctx: AppContext,
  input: { q?: string; limit?: number; collection_id?: number } = {},
): Promise<ProductDto[]> {
  await assertStoreVisible(ctx);
  const where: Record<string, unknown> = {};
  if (input.collection_id) where.collection = input.collection_id;
  if (input.q !== undefined) {
    const query = toPrefixQuery(input.q);
    if (!query) return [];
    const ids = await ctx.em
      .getConnection()
      .execute<{ id: number }[]>(
        "select id from products where to_tsvector('simple', search_text) @@ to_tsquery('simple', ?) order by position, id limit ?",
        [query, input.limit ?? LIMITS.searchMaxResults],
      );
    where.id = { $in: ids.map((r: { id: number }) => r.id) };
  }
  const products = await ctx.em.find(Product, where, { orderBy: productOrder, limit: input.limit });
  return withGalleries(ctx.em, products);
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
 * The home page (spec §2): featured = products without a collection; then one section per active
 * collection that has products, in sort order, with its first 4 products by position.
 */
export async function getHome(ctx: AppContext): Promise<HomeDto> {
  await assertStoreVisible(ctx);
  const take = LIMITS.homeCollectionProducts;
  const featured = await ctx.em.find(Product, { collection: null }, { orderBy: productOrder });
  const collections = await ctx.em.find(Collection, { active: true }, { orderBy: { sort_order: 'asc', id: 'asc' } });
  const sections: HomeDto['sections'] = [];
  const firstOf = await Promise.all(
    collections.map((c) => ctx.em.find(Product, { collection: c.id }, { orderBy: productOrder, limit: take + 1 })),
  );
  const all = [...featured, ...firstOf.flatMap((list) => list.slice(0, take))];
  const g = await galleries(
    ctx.em,
    all.map((p) => p.id),
  );
  collections.forEach((c, i) => {
    const list = firstOf[i] ?? [];
    if (list.length === 0) return;
    sections.push({
      collection: toCollectionDto(c),
      products: list.slice(0, take).map((p) => toProductDto(p, g.get(p.id))),
      has_more: list.length > take,
    });
  });
  return { featured: featured.map((p) => toProductDto(p, g.get(p.id))), sections };
}

/** The product page's data: the product, or null when no product has that slug. */
export async function findProductBySlug(ctx: AppContext, slug: string): Promise<ProductDto | null> {
  await assertStoreVisible(ctx);
  const product = await ctx.em.findOne(Product, { slug });
  if (!product) return null;
  const [dto] = await withGalleries(ctx.em, [product]);
  return dto ?? null;
}

/** The collection page's data: an active collection and its products, or null. */
export async function findCollectionPage(
  ctx: AppContext,
  slug: string,
): Promise<{ collection: CollectionDto; products: ProductDto[] } | null> {
  await assertStoreVisible(ctx);
  const collection = await ctx.em.findOne(Collection, { slug, active: true });
  if (!collection) return null;
  const products = await ctx.em.find(Product, { collection: collection.id }, { orderBy: productOrder });
  return { collection: toCollectionDto(collection), products: await withGalleries(ctx.em, products) };
}
