import type { EntityManager } from '@mikro-orm/core';
import { sameCollectionName } from '../../shared/catalog.ts';
import { INT32 } from '../../shared/coerce.ts';
import { Collection } from '../catalog/collection.entity.ts';
import { type IProduct, Product } from '../catalog/product.entity.ts';
import { ProductImage } from '../catalog/product-image.entity.ts';
import { productSearchText } from '../catalog/search.ts';
import { uniqueSlug } from '../catalog/slug.ts';
import { SlugHistory } from '../catalog/slug-history.entity.ts';
import { queueVariants } from '../media/backfill.ts';
import { safeFileName } from '../media/file-name.ts';
import { discardImages, type StoredImage, settleImages } from '../media/file-store.ts';
import { stopIfCancelled } from '../media/media.service.ts';
import { fetchAndStoreImage, ImageRefused } from './image-fetch.ts';
import { emptyCounts, IMPORT_BATCH, ImportPlanner, type PlannedItem } from './import-plan.ts';
import type { ApplyOptions, ImageFailure, ImportContext, ImportProduct, ImportResult, PlanRow } from './import-types.ts';

/** Images fetched and processed at once (each holds at most 5 MB while it is checked). */
const FETCH_JOBS = 3;

type Fetched = { url: string; stored: StoredImage };

/**
 * Runs `fn` over `items`, `limit` at a time, and waits for every started call to end even when
 * one fails (so nothing is still writing files when the caller cleans up); then throws the first error.
 */
async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: { error: unknown } | null = null;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await fn(item);
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed) throw (failed as { error: unknown }).error;
}

/**
 * Imports `products`: plans them (the dry run's rules), fetches and stores the new images first
 * (outside any transaction, staged; an image that cannot be used is reported with its product and
 * left out), then writes every product, image row and new collection in ONE transaction. Cancelled
 * (`signal`), failing or killed before the commit, the catalogue stays as it was and the staged
 * files go (now, or at the next start-up's sweep). Variants are made in the background afterwards,
 * as for uploads. Matching, slugs: see README.md.
 */
export async function applyImport(ctx: ImportContext, products: ImportProduct[], opts: ApplyOptions = {}): Promise<ImportResult> {
  const { signal } = opts;
  // 1. Which images are new (a plan over the catalogue as it is now).
  const tasks: { index: number; url: string; ref: string; line: number | null }[] = [];
  {
    const em = ctx.em.fork();
    const planner = new ImportPlanner(opts);
    for (let start = 0; start < products.length; start += IMPORT_BATCH) {
      stopIfCancelled(signal);
      for (const item of await planner.planBatch(em, products.slice(start, start + IMPORT_BATCH), start))
        for (const url of item.fetch) tasks.push({ index: item.index, url, ref: item.row.ref, line: item.row.line });
      em.clear();
    }
  }

  // 2. The images, fetched and stored staged, a few at a time.
  const fetched = new Map<number, Fetched[]>();
  const staged: StoredImage[] = [];
  const imageFailures: ImageFailure[] = [];
  let done = 0;
  opts.onProgress?.({ phase: 'images', done, total: tasks.length });
  try {
    await eachLimit(tasks, FETCH_JOBS, async (task) => {
      stopIfCancelled(signal);
      try {
        const stored = await fetchAndStoreImage(ctx.uploadsDir, task.url, { signal, policy: opts.policy });
        staged.push(stored);
        fetched.set(task.index, [...(fetched.get(task.index) ?? []), { url: task.url, stored }]);
      } catch (e) {
        if (!(e instanceof ImageRefused)) throw e;
        imageFailures.push({ ref: task.ref, line: task.line, url: task.url, reason: e.message });
      }
      done += 1;
      opts.onProgress?.({ phase: 'images', done, total: tasks.length });
    });
    stopIfCancelled(signal);

    // 3. Everything written at once.
    const result = await ctx.em.fork().transactional((tx) => writeAll(tx, products, fetched, opts));
    const used = new Set(result.used);
    await settleImages(ctx.uploadsDir, result.used);
    await discardImages(
      ctx.uploadsDir,
      staged.filter((s) => !used.has(s)),
    );
    queueVariants(
      ctx.uploadsDir,
      result.used.map((s) => s.fileName),
    );
    imageFailures.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    return { ...result.summary, imageFailures };
  } catch (e) {
    await discardImages(ctx.uploadsDir, staged);
    throw e;
  }
}

async function writeAll(
  tx: EntityManager,
  products: ImportProduct[],
  fetched: Map<number, Fetched[]>,
  opts: ApplyOptions,
): Promise<{ used: StoredImage[]; summary: Omit<ImportResult, 'imageFailures'> }> {
  const planner = new ImportPlanner(opts);
  const created = new Map<string, number>();
  const positions = new Map<number | null, number>();
  const used: StoredImage[] = [];
  const rows: PlanRow[] = [];
  const counts = emptyCounts();
  let imagesAdded = 0;

  const collectionId = async (target: PlannedItem['target']): Promise<number | null | undefined> => {
    if (target === undefined || 'id' in target) return target?.id;
    const known = [...created].find(([name]) => sameCollectionName(name, target.create));
    if (known) return known[1];
    const [last] = await tx.find(Collection, {}, { orderBy: { sort_order: 'desc' }, limit: 1, fields: ['sort_order'] });
    const c = tx.create(Collection, {
      name: target.create,
      slug: await uniqueSlug(tx, Collection, target.create),
      sort_order: Math.min((last?.sort_order ?? 0) + 1, INT32.max),
      active: true,
      created_at: new Date(),
      updated_at: new Date(),
    });
    await tx.flush();
    await tx.nativeDelete(SlugHistory, { kind: 'collection', slug: c.slug });
    created.set(target.create, c.id);
    return c.id;
  };
  const nextPosition = async (id: number | null): Promise<number> => {
    let pos = positions.get(id);
    if (pos === undefined) {
      const last = await tx.findOne(Product, { collection: id }, { orderBy: { position: 'desc' }, fields: ['position'] });
      pos = last ? last.position + 1 : 0;
    }
    positions.set(id, pos + 1);
    return pos;
  };

  for (let start = 0; start < products.length; start += IMPORT_BATCH) {
    stopIfCancelled(opts.signal);
    const items = await planner.planBatch(tx, products.slice(start, start + IMPORT_BATCH), start);
    const newSlugs: string[] = [];
    for (const item of items) {
      const { row, checked: c } = item;
      rows.push(row);
      counts[row.action] += 1;
      if (!c || row.action === 'unchanged' || row.action === 'refuse') continue;
      const got = fetched.get(item.index) ?? [];
      const images = item.fetch.flatMap((url) => got.filter((f) => f.url === url));
      const target = await collectionId(item.target);
      let product: IProduct;
      if (item.existing) {
        product = item.existing;
        Object.assign(product, { title: c.title, description: c.description, price: c.price, old_price: c.old_price });
        if (c.shopifyId !== undefined) product.shopify_product_id = c.shopifyId;
        if (target !== undefined && target !== (product.collection?.id ?? null)) {
          product.collection = target === null ? null : tx.getReference(Collection, target);
          product.position = await nextPosition(target);
        }
      } else {
        const id = target ?? null;
        product = tx.create(Product, {
          title: c.title,
          slug: c.slug,
          description: c.description,
          price: c.price,
          old_price: c.old_price,
          image_url: '',
          collection: id === null ? null : tx.getReference(Collection, id),
          shopify_product_id: c.shopifyId ?? '',
          position: await nextPosition(id),
          search_text: '',
        });
        newSlugs.push(c.slug);
      }
      product.search_text = productSearchText(product.title, product.description);
      if (images.length) {
        const last = item.existing
          ? await tx.findOne(ProductImage, { product: product.id }, { orderBy: { position: 'desc' }, fields: ['position'] })
          : null;
        let position = last ? last.position + 1 : 0;
        for (const f of images) {
          tx.create(ProductImage, {
            product,
            url: f.stored.url,
            file_name: safeFileName(fileName(f.url)),
            source_url: f.url,
            position: position++,
          });
          used.push(f.stored);
        }
        imagesAdded += images.length;
        if (!last) product.image_url = images[0]?.stored.url ?? product.image_url;
      }
    }
    // A new product takes its slug: an old owner's history row for it goes (as claimSlug does).
    if (newSlugs.length) await tx.nativeDelete(SlugHistory, { kind: 'product', slug: { $in: newSlugs } });
    await tx.flush();
    tx.clear();
    opts.onProgress?.({ phase: 'saving', done: Math.min(start + IMPORT_BATCH, products.length), total: products.length });
  }
  stopIfCancelled(opts.signal);
  return { used, summary: { counts, rows, imagesAdded, newCollections: [...created.keys()] } };
}

const fileName = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
};
