/**
 * First-start demo catalogue: an empty shop fills itself with collections, products (pictures
 * drawn locally with sharp), reviews, banners, announcement bars and footer content, so the
 * storefront never opens blank. Nothing happens once any product or collection exists.
 */
import type { EntityManager } from '@mikro-orm/core';
import { Collection, type ICollection } from '../catalog/collection.entity.ts';
import { Product } from '../catalog/product.entity.ts';
import { ProductImage } from '../catalog/product-image.entity.ts';
import { productSearchText } from '../catalog/search.ts';
import { slugify } from '../catalog/slug.ts';
import { Banner } from '../content/banner.entity.ts';
import { FooterIcon, FooterLink, FooterSection } from '../content/footer.entity.ts';
import { TopHeader } from '../content/top-header.entity.ts';
import { backfillVariants } from '../media/backfill.ts';
import { discardImages, type StoredImage, settleImages } from '../media/file-store.ts';
import { asBuffer, inImageProcess } from '../media/image-process.ts';
import { IMAGE_JOBS, mapLimit } from '../media/map-limit.ts';
import { type PreparedBytes, saveImage } from '../media/media.service.ts';
import { Review } from '../reviews/review.entity.ts';
import { siblingModule } from '../runtime-files.ts';
import { DEMO_BANNERS, DEMO_FOOTER_ICONS, DEMO_FOOTER_SECTIONS, DEMO_TOP_HEADERS } from './demo-content.ts';
import { DEMO_COLLECTIONS, DEMO_PRODUCTS } from './demo-data.ts';
import type { DemoImages, DemoPictures } from './demo-images.ts';
import { demoReviews } from './demo-reviews.ts';

type Log = { info(o: object | string, m?: string): void };

const DEMO_IMAGES = siblingModule(import.meta.url, './demo-images');

/** Draws every demo picture in the image process (src/media/image-process.ts): libvips stays out of the server. */
async function drawDemoImages(input: DemoPictures): Promise<DemoImages> {
  const drawn = await inImageProcess<DemoImages>(DEMO_IMAGES, 'renderDemoImages', input);
  const buffers = (images: PreparedBytes[]) => images.map((img) => ({ ...img, data: asBuffer(img.data) }));
  return { products: drawn.products.map(buffers), banners: buffers(drawn.banners), icons: buffers(drawn.icons) };
}
type SavedImages = { products: StoredImage[][]; banners: StoredImage[]; icons: StoredImage[] };

async function catalogueIsEmpty(em: EntityManager): Promise<boolean> {
  return (await em.count(Product)) === 0 && (await em.count(Collection)) === 0;
}

/** slugify plus -2, -3 suffixes: the tables are empty, so only clashes inside the batch matter. */
function slugger(): (text: string) => string {
  const used = new Set<string>();
  return (text) => {
    const base = slugify(text);
    let slug = base;
    for (let i = 2; used.has(slug); i++) slug = `${base}-${i}`;
    used.add(slug);
    return slug;
  };
}

/**
 * Writes every picture, a few at a time, recording each in `written` at once so a failure can
 * clean up. Their variants follow in the background (`seedDemo`).
 */
async function saveAll(uploadsDir: string, images: DemoImages, written: StoredImage[]): Promise<SavedImages> {
  const all: PreparedBytes[] = [...images.products.flat(), ...images.banners, ...images.icons];
  const saved = await mapLimit(all, IMAGE_JOBS, async (img) => {
    const s = await saveImage(uploadsDir, img);
    written.push(s);
    return s;
  });
  let at = 0;
  const take = (n: number) => {
    const part = saved.slice(at, at + n);
    at += n;
    return part;
  };
  const products = images.products.map((gallery) => take(gallery.length));
  return { products, banners: take(images.banners.length), icons: take(images.icons.length) };
}

function createCatalogue(tx: EntityManager, files: SavedImages): { reviews: number } {
  const collectionSlug = slugger();
  const productSlug = slugger();
  const collections = new Map<string, ICollection>();
  DEMO_COLLECTIONS.forEach((c, i) => {
    collections.set(c.name, tx.create(Collection, { name: c.name, slug: collectionSlug(c.name), sort_order: i + 1, active: true }));
  });
  // Positions count from 0 inside each collection; featured products (no collection) form their own list.
  const nextPosition = new Map<string | null, number>();
  let reviews = 0;
  DEMO_PRODUCTS.forEach((p, i) => {
    const gallery = files.products[i] ?? [];
    const position = nextPosition.get(p.collection) ?? 0;
    nextPosition.set(p.collection, position + 1);
    const product = tx.create(Product, {
      title: p.title,
      slug: productSlug(p.title),
      description: p.description,
      price: p.price,
      old_price: p.old_price,
      image_url: gallery[0]?.url ?? '',
      collection: p.collection ? (collections.get(p.collection) ?? null) : null,
      shopify_product_id: '',
      position,
      search_text: productSearchText(p.title, p.description),
    });
    for (const [j, f] of gallery.entries()) tx.create(ProductImage, { product, url: f.url, file_name: f.fileName, position: j });
    for (const r of demoReviews(i, p.art.kind)) {
      tx.create(Review, { product, ...r });
      reviews++;
    }
  });
  return { reviews };
}

function createContent(tx: EntityManager, files: SavedImages): void {
  DEMO_BANNERS.forEach((b, i) => {
    tx.create(Banner, { title: b.title, href: b.href, image_url: files.banners[i]?.url ?? '', sort_order: i + 1, active: true });
  });
  DEMO_TOP_HEADERS.forEach((t, i) => {
    tx.create(TopHeader, { ...t, sort_order: i + 1 });
  });
  DEMO_FOOTER_SECTIONS.forEach((s, i) => {
    const section = tx.create(FooterSection, { title: s.title, sort_order: i + 1 });
    for (const [j, l] of s.links.entries()) tx.create(FooterLink, { section, label: l.label, url: l.url, sort_order: j + 1 });
  });
  DEMO_FOOTER_ICONS.forEach((ic, i) => {
    tx.create(FooterIcon, { image_url: files.icons[i]?.url ?? '', alt_text: ic.alt_text, active: true, sort_order: i + 1 });
  });
}

/**
 * Seeds the demo shop when the database has no product and no collection; returns whether it did.
 * All rows go in one transaction. If anything fails, the image files written so far are removed
 * and the error is rethrown (the caller decides whether a failed demo should stop the start).
 * `variants: false` leaves the pictures without their AVIF/WebP variants (pages then link the
 * originals): for tests that look at other things, as encoding them takes about ten seconds.
 */
export async function seedDemo(em: EntityManager, uploadsDir: string, opts: { log?: Log; variants?: boolean } = {}): Promise<boolean> {
  const { log, variants = true } = opts;
  if (!(await catalogueIsEmpty(em))) return false;
  const started = Date.now();
  const images = await drawDemoImages({
    products: DEMO_PRODUCTS.map((p) => ({ slug: slugify(p.title), art: p.art })),
    banners: DEMO_BANNERS.map((b) => ({ slug: slugify(b.title), art: b.art })),
    icons: DEMO_FOOTER_ICONS,
  });
  const written: StoredImage[] = [];
  const cleanUp = () => discardImages(uploadsDir, written);
  try {
    const files = await saveAll(uploadsDir, images, written);
    const result = await em.transactional(async (tx) => {
      // Checked again inside the transaction: another process may have seeded meanwhile.
      if (!(await catalogueIsEmpty(tx))) return null;
      const { reviews } = createCatalogue(tx, files);
      createContent(tx, files);
      return { reviews };
    });
    if (!result) {
      await cleanUp();
      return false;
    }
    await settleImages(uploadsDir, written);
    // AVIF/WebP variants of ~40 pictures take a while on a small machine: the shop opens at once
    // and they follow in the background, two images at a time (until then a variant URL redirects
    // to its original). `variantsIdle()` resolves when they are done.
    if (variants)
      void backfillVariants(
        uploadsDir,
        written.map((w) => w.fileName),
      ).then((r) => log?.info({ variants: r.created, failed: r.failed.length, ms: Date.now() - started }, 'demo image variants created'));
    log?.info(
      {
        collections: DEMO_COLLECTIONS.length,
        products: DEMO_PRODUCTS.length,
        reviews: result.reviews,
        images: written.length,
        ms: Date.now() - started,
      },
      'demo catalogue created',
    );
    return true;
  } catch (e) {
    await cleanUp();
    throw e;
  }
}
