import type { EntityManager } from '@mikro-orm/core';
import { CATALOG_MESSAGES, type ProductImageDto } from '../../shared/catalog.ts';
import { LIMITS } from '../../shared/limits.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { idempotentCreate } from '../idempotency/idempotency.service.ts';
import { safeFileName } from '../media/file-name.ts';
import { missingVariants } from '../media/file-store.ts';
import { IMAGE_JOBS, mapLimit } from '../media/map-limit.ts';
import {
  type PreparedImage,
  prepareImage,
  prepareImages,
  type Upload,
  withRemovedImages,
  withSavedImages,
} from '../media/media.service.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import type { IProduct } from './product.entity.ts';
import { findProductOrFail, flushForProduct } from './product.service.ts';
import { type IProductImage, ProductImage } from './product-image.entity.ts';

const M = CATALOG_MESSAGES;

const galleryOf = (em: EntityManager, productId: number) =>
  em.find(ProductImage, { product: productId }, { orderBy: { position: 'asc', id: 'asc' } });

/** products.image_url follows the first gallery image, so older readers of the column stay right. */
function syncCover(product: IProduct, ordered: IProductImage[]): void {
  product.image_url = ordered[0]?.url ?? '';
}

const toDto = (i: IProductImage): ProductImageDto => ({ id: i.id, url: i.url, file_name: i.file_name });

export async function listProductImages(ctx: AppContext, productId: number): Promise<ProductImageDto[]> {
  await assertStoreVisible(ctx);
  await findProductOrFail(ctx.em, productId);
  return (await galleryOf(ctx.em, productId)).map(toDto);
}

/** What a gallery upload did: how many images were added and, per refused file, why ('{file}: …'). */
export type ImagesAdded = { added: number; refused: string[] };

/**
 * Ids of the gallery's images whose variants are not all made yet (they are made in the background
 * after an upload): the admin shows them 'Processando…'; pages show the original meanwhile.
 */
export async function processingProductImages(ctx: AppContext, productId: number): Promise<number[]> {
  await findProductOrFail(ctx.em, productId);
  const gallery = await galleryOf(ctx.em, productId);
  const missing = await Promise.all(gallery.map((i) => missingVariants(ctx.uploadsDir, i.url)));
  return gallery.filter((_, n) => missing[n]).map((i) => i.id);
}

/**
 * How a gallery upload treats a refused file. `whole`: the request is refused and nothing is kept
 * (the frozen /api/products/images/bulk_upload.php contract: its `{ok, message}` answer has no room
 * to name a file that was left out). `each`: the good files are kept and every refused one is named
 * (the admin's productImages.upload, so three good photos are not lost to one bad file).
 */
export type RefusalScope = 'whole' | 'each';

/** A file the shop refuses for what it is (format, size), as opposed to a failure of the shop itself. */
const isRefusal = (e: unknown): e is AppError => e instanceof AppError && (e.kind === 'BAD_REQUEST' || e.kind === 'PAYLOAD_TOO_LARGE');

/**
 * Adds up to 10 images at the end of a gallery, each checked by its content (5 MB); what happens to
 * the others when one is refused is `scope` (see RefusalScope). When no file is good the request is
 * refused, naming them. The kept files and their rows are stored together (file-store.ts).
 */
export const addProductImages = idempotentCreate('product_images.upload', {
  prepare: prepareGallery,
  commit: commitGallery,
  // A retry on the twin with the other refusal scope gets what happened the first time.
  identity: ([productId, uploads]) => ({ productId, uploads }),
});

type PreparedGallery = { productId: number; prepared: { upload: Upload; image: PreparedImage }[]; refusals: AppError[] };

/** Checks and re-encodes the files (nothing written): a retry of a stored upload never gets here. */
async function prepareGallery(
  ctx: AppContext,
  productId: number,
  uploads: Upload[],
  scope: RefusalScope = 'whole',
): Promise<PreparedGallery> {
  if (uploads.length === 0) throw new AppError('BAD_REQUEST', M.noImages);
  if (uploads.length > LIMITS.galleryMaxFiles) throw new AppError('BAD_REQUEST', M.tooManyImages);
  await findProductOrFail(ctx.em, productId);
  const prepared: { upload: Upload; image: PreparedImage }[] = [];
  const refusals: AppError[] = [];
  if (scope === 'whole') {
    const images = await prepareImages(uploads, { signal: ctx.signal });
    prepared.push(...images.map((image, i) => ({ upload: uploads[i] as Upload, image })));
  } else {
    // Every file checked (IMAGE_JOBS at a time): a refused one is named, the others kept, in order.
    const results = await mapLimit(uploads, IMAGE_JOBS, async (upload) => {
      try {
        return { upload, image: await prepareImage(upload, { signal: ctx.signal }) };
      } catch (e) {
        if (!isRefusal(e)) throw e;
        return e;
      }
    });
    for (const r of results) {
      if (r instanceof AppError) refusals.push(r);
      else prepared.push(r);
    }
  }
  if (prepared.length === 0) {
    throw refusals.length === 1 ? refusals[0] : new AppError('BAD_REQUEST', refusals.map((e) => e.message).join('; '));
  }
  return { productId, prepared, refusals };
}

/** Stores the kept files and their rows together (file-store.ts). */
async function commitGallery(ctx: AppContext, { productId, prepared, refusals }: PreparedGallery): Promise<ImagesAdded> {
  const product = await findProductOrFail(ctx.em, productId);
  await withSavedImages(
    ctx.uploadsDir,
    prepared.map((p) => p.image),
    async (saved) => {
      const gallery = await galleryOf(ctx.em, productId);
      const start = gallery.reduce((max, i) => Math.max(max, i.position + 1), 0);
      const added = saved.map((s, i) =>
        ctx.em.create(ProductImage, {
          product,
          url: s.url,
          file_name: safeFileName(prepared[i]?.upload.filename ?? ''),
          position: start + i,
        }),
      );
      syncCover(product, [...gallery, ...added]);
      await flushForProduct(ctx.em, productId);
    },
    { signal: ctx.signal },
  );
  return { added: prepared.length, refused: refusals.map((e) => e.message) };
}

/** Removes one image with its files and variants (file-store.ts: never a row without its file). */
export async function deleteProductImage(ctx: AppContext, id: number): Promise<void> {
  const image = await ctx.em.findOne(ProductImage, { id }, { populate: ['product'] });
  if (!image) throw new AppError('NOT_FOUND', M.imageNotFound);
  const product = image.product as IProduct;
  const rest = (await galleryOf(ctx.em, product.id)).filter((i) => i.id !== id);
  await withRemovedImages(ctx, [image.url], async () => {
    ctx.em.remove(image);
    syncCover(product, rest);
    await ctx.em.flush();
  });
}

/**
 * Puts the listed images first, in the order given; images not listed keep their order after
 * them. Every id must belong to the product, or nothing changes. One transaction (one flush).
 */
export async function reorderProductImages(ctx: AppContext, productId: number, order: number[]): Promise<void> {
  const product = await findProductOrFail(ctx.em, productId);
  const gallery = await galleryOf(ctx.em, productId);
  const byId = new Map(gallery.map((i) => [i.id, i]));
  if (new Set(order).size !== order.length) throw new AppError('BAD_REQUEST', M.duplicateImage);
  const listed = order.map((id) => {
    const image = byId.get(id);
    if (!image) throw new AppError('NOT_FOUND', M.imageNotFound);
    return image;
  });
  const ordered = [...listed, ...gallery.filter((i) => !order.includes(i.id))];
  ordered.forEach((image, position) => {
    image.position = position;
  });
  syncCover(product, ordered);
  await ctx.em.flush();
}
