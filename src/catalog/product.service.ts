import { type EntityManager, ForeignKeyConstraintViolationException, LockMode } from '@mikro-orm/core';
import { CATALOG_MESSAGES, type ProductCreate, type ProductDto, type ProductUpdate } from '../../shared/catalog.ts';
import { MESSAGES } from '../../shared/errors.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { idempotent } from '../idempotency/idempotency.service.ts';
import { safeFileName } from '../media/file-name.ts';
import { prepareImage, type Upload, withRemovedImages, withSavedImages } from '../media/media.service.ts';
import { Collection } from './collection.entity.ts';
import { withGalleries } from './galleries.ts';
import { parseMoney, parseOptionalMoney } from './money.ts';
import { type IProduct, Product } from './product.entity.ts';
import { ProductImage } from './product-image.entity.ts';
import { productSearchText } from './search.ts';
import { retryOnSlugClash, uniqueSlug } from './slug.ts';
import { claimSlug, recordSlugChange } from './slug-history.ts';

const M = CATALOG_MESSAGES;

export async function findProductOrFail(em: EntityManager, id: number): Promise<IProduct> {
  const product = await em.findOne(Product, { id });
  if (!product) throw new AppError('NOT_FOUND', MESSAGES.productNotFound);
  return product;
}

/**
 * Flushes changes that add rows pointing at `productId` (gallery images). A product deleted
 * meanwhile (after its existence was checked, while the images were being prepared) makes the
 * database refuse the new rows with a foreign-key violation: that is 'Produto não encontrado'
 * (404), never a 500, and the caller's `withSavedImages` removes the files written for them.
 */
export async function flushForProduct(em: EntityManager, productId: number | undefined): Promise<void> {
  try {
    await em.flush();
  } catch (e) {
    if (!(e instanceof ForeignKeyConstraintViolationException) || productId === undefined) throw e;
    const still = await em.fork().findOne(Product, { id: productId }, { fields: ['id'] });
    if (still) throw e;
    throw new AppError('NOT_FOUND', MESSAGES.productNotFound);
  }
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

/**
 * The product rules every writer applies (the admin's form, the legacy URLs, the catalogue import):
 * title and price required, money parsed. Throws the spec's message; answers the values to store.
 */
export function checkProductValues(input: Pick<ProductCreate, 'title' | 'price' | 'old_price'>): {
  title: string;
  price: string;
  old_price: string | null;
} {
  return {
    title: requiredTitle(input.title),
    price: requiredPrice(input.price),
    old_price: parseOptionalMoney(input.old_price, M.invalidOldPrice),
  };
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
  const prepared = image ? [await prepareImage(image, { signal: ctx.signal })] : [];
  await withSavedImages(
    ctx.uploadsDir,
    prepared,
    async ([saved]) => {
      if (saved && image) {
        const gallery = product.id ? await ctx.em.find(ProductImage, { product: product.id }) : [];
        for (const img of gallery) img.position += 1;
        ctx.em.create(ProductImage, { product, url: saved.url, file_name: safeFileName(image.filename), position: 0 });
        product.image_url = saved.url;
      }
      await flushForProduct(ctx.em, product.id);
    },
    { signal: ctx.signal },
  );
  const [dto] = await withGalleries(ctx.em, [product]);
  return dto as ProductDto;
}

/** Creates a product at the end of its collection; the slug comes from the title. */
export const createProduct = (ctx: AppContext, input: ProductCreate, image?: Upload) =>
  idempotent(ctx, 'products.create', { input, image: image && { filename: image.filename, data: image.data } }, (t) =>
    retryOnSlugClash(t, (c) => createOnce(c, input, image)),
  );

async function createOnce(ctx: AppContext, input: ProductCreate, image?: Upload): Promise<ProductDto> {
  const { title, price, old_price } = checkProductValues(input);
  const collection = await collectionOrNull(ctx.em, input.collection_id ?? null);
  const slug = await uniqueSlug(ctx.em, Product, title);
  await claimSlug(ctx.em, 'product', slug);
  const product = ctx.em.create(Product, {
    title,
    slug,
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

/** Changes the fields sent; a new title gives a new slug (the old one keeps redirecting), a new collection puts the product last in it. */
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
    const oldSlug = product.slug;
    product.title = title;
    product.slug = await uniqueSlug(ctx.em, Product, title, product.id);
    await recordSlugChange(ctx.em, 'product', product, oldSlug, product.slug);
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

/**
 * Deletes a product with its gallery and reviews (cascade), and the gallery's files and variants.
 * The product row is locked before the gallery is read again and the row deleted: an upload that
 * committed images meanwhile (after the first read) is seen and its files removed too, and one
 * that commits later is refused by the database (`flushForProduct`: 404). No file outlives its row.
 */
export async function deleteProduct(ctx: AppContext, id: number): Promise<void> {
  const product = await findProductOrFail(ctx.em, id);
  const images = await ctx.em.find(ProductImage, { product: id });
  const urls = new Set([product.image_url, ...images.map((i) => i.url)]);
  const late = await withRemovedImages(ctx, [...urls], () =>
    ctx.em.transactional(async (em) => {
      const locked = await em.findOne(Product, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'] });
      if (!locked) throw new AppError('NOT_FOUND', MESSAGES.productNotFound);
      const now = await em.find(ProductImage, { product: id }, { fields: ['url'] });
      await em.nativeDelete(Product, { id });
      return now.map((i) => i.url).filter((u) => !urls.has(u));
    }),
  );
  if (late.length) await withRemovedImages(ctx, late, async () => {});
}
