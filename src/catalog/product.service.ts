import type { EntityManager } from '@mikro-orm/core';
import { CATALOG_MESSAGES, type ProductCreate, type ProductDto, type ProductUpdate } from '../../shared/catalog.ts';
import { MESSAGES } from '../../shared/errors.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { safeFileName } from '../media/file-name.ts';
import { prepareImage, type Upload, withRemovedImages, withSavedImages } from '../media/media.service.ts';
import { Collection } from './collection.entity.ts';
import { withGalleries } from './galleries.ts';
import { parseMoney, parseOptionalMoney } from './money.ts';
import { type IProduct, Product } from './product.entity.ts';
import { ProductImage } from './product-image.entity.ts';
import { productSearchText } from './search.ts';
import { retryOnSlugClash, uniqueSlug } from './slug.ts';

const M = CATALOG_MESSAGES;

export async function findProductOrFail(em: EntityManager, id: number): Promise<IProduct> {
  const product = await em.findOne(Product, { id });
  if (!product) throw new AppError('NOT_FOUND', MESSAGES.productNotFound);
  return product;
}

async function collectionOrNull(em: EntityManager, id: number | null) {
  if (id === null) return null;
  const c = await em.findOne(Collection, { id });
  if (!c) throw new AppError('BAD_REQUEST', M.unknownCollection);
  return c;
}

/** The position after the last product of a collection (or of the featured list when null). */
async function nextPosition(em: EntityManager, collectionId: number | null): Promise<number> {
  const last = await em.findOne(Product, { collection: collectionId }, { orderBy: { position: 'desc' }, fields: ['position'] });
  return last ? last.position + 1 : 0;
}

const requiredTitle = (title: string | undefined) => {
  const t = title?.trim();
  if (!t) throw new AppError('BAD_REQUEST', M.titleAndPriceRequired);
  return t;
};
const requiredPrice = (price: string | undefined) => {
  if (!price?.trim()) throw new AppError('BAD_REQUEST', M.titleAndPriceRequired);
  return parseMoney(price, M.invalidPrice);
};

/**
 * Stores the optional form image as the product's first gallery image, then flushes: product row,
 * gallery rows and positions go to the database in one transaction, and the new file is removed
 * again if that fails.
 */
async function commitWithImage(ctx: AppContext, product: IProduct, image: Upload | undefined): Promise<ProductDto> {
  product.search_text = productSearchText(product.title, product.description);
  const prepared = image ? [await prepareImage(image)] : [];
  await withSavedImages(ctx.uploadsDir, prepared, async ([saved]) => {
    if (saved && image) {
      const gallery = product.id ? await ctx.em.find(ProductImage, { product: product.id }) : [];
      for (const img of gallery) img.position += 1;
      ctx.em.create(ProductImage, { product, url: saved.url, file_name: safeFileName(image.filename), position: 0 });
      product.image_url = saved.url;
    }
    await ctx.em.flush();
  });
  const [dto] = await withGalleries(ctx.em, [product]);
  return dto as ProductDto;
}

/** Creates a product at the end of its collection; the slug comes from the title. */
export const createProduct = (ctx: AppContext, input: ProductCreate, image?: Upload) =>
  retryOnSlugClash(ctx, (c) => createOnce(c, input, image));

async function createOnce(ctx: AppContext, input: ProductCreate, image?: Upload): Promise<ProductDto> {
  const title = requiredTitle(input.title);
  const price = requiredPrice(input.price);
  const old_price = parseOptionalMoney(input.old_price, M.invalidOldPrice);
  const collection = await collectionOrNull(ctx.em, input.collection_id ?? null);
  const product = ctx.em.create(Product, {
    title,
    slug: await uniqueSlug(ctx.em, Product, title),
    description: input.description ?? '',
    price,
    old_price,
    image_url: '',
    collection,
    shopify_product_id: input.shopify_product_id?.trim() ?? '',
    position: await nextPosition(ctx.em, collection?.id ?? null),
    search_text: '',
  });
  return commitWithImage(ctx, product, image);
}

/** Changes the fields sent; a new title gives a new slug, a new collection puts the product last in it. */
export const updateProduct = (ctx: AppContext, input: ProductUpdate, image?: Upload) =>
  retryOnSlugClash(ctx, (c) => updateOnce(c, input, image));

async function updateOnce(ctx: AppContext, input: ProductUpdate, image?: Upload): Promise<ProductDto> {
  const product = await findProductOrFail(ctx.em, input.id);
  // Every value is checked before the product changes at all.
  const title = input.title === undefined ? undefined : requiredTitle(input.title);
  const price = input.price === undefined ? undefined : requiredPrice(input.price);
  const oldPrice = input.old_price === undefined ? undefined : parseOptionalMoney(input.old_price, M.invalidOldPrice);
  const collection = input.collection_id === undefined ? undefined : await collectionOrNull(ctx.em, input.collection_id);

  if (title !== undefined && title !== product.title) {
    product.title = title;
    product.slug = await uniqueSlug(ctx.em, Product, title, product.id);
  }
  if (price !== undefined) product.price = price;
  if (oldPrice !== undefined) product.old_price = oldPrice;
  if (input.description !== undefined) product.description = input.description;
  if (input.shopify_product_id !== undefined) product.shopify_product_id = input.shopify_product_id.trim();
  if (collection !== undefined) {
    if ((collection?.id ?? null) !== (product.collection?.id ?? null)) {
      product.collection = collection;
      product.position = await nextPosition(ctx.em, collection?.id ?? null);
    }
  }
  return commitWithImage(ctx, product, image);
}

/** Deletes a product with its gallery and reviews (cascade), and the gallery's files and variants. */
export async function deleteProduct(ctx: AppContext, id: number): Promise<void> {
  const product = await findProductOrFail(ctx.em, id);
  const images = await ctx.em.find(ProductImage, { product: id });
  const urls = new Set([product.image_url, ...images.map((i) => i.url)]);
  await withRemovedImages(ctx, [...urls], async () => {
    const n = await ctx.em.nativeDelete(Product, { id });
    if (n === 0) throw new AppError('NOT_FOUND', MESSAGES.productNotFound);
  });
}
