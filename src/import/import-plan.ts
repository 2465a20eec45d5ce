import type { EntityManager } from '@mikro-orm/core';
import { sameCollectionName, ZCollectionCreate, ZProductCreate } from '../../shared/catalog.ts';
import { MESSAGES } from '../../shared/errors.ts';
import { Collection } from '../catalog/collection.entity.ts';
import { type IProduct, Product } from '../catalog/product.entity.ts';
import { checkProductValues } from '../catalog/product.service.ts';
import { ProductImage } from '../catalog/product-image.entity.ts';
import { slugify } from '../catalog/slug.ts';
import { SlugHistory } from '../catalog/slug-history.entity.ts';
import { isAppError } from '../errors.ts';
import { htmlToText } from './html-text.ts';
import type { ImportContext, ImportOptions, ImportPlan, ImportProduct, PlanRow } from './import-types.ts';

/** Most images one imported product may bring. */
export const IMPORT_MAX_IMAGES = 20;
/** Products read and written per query (and per flush): memory stays bounded whatever the file's size. */
export const IMPORT_BATCH = 200;

const FIELD_LABELS: Record<string, string> = {
  title: 'Título',
  description: 'Descrição',
  price: 'Preço',
  old_price: 'Preço antigo',
  shopify_product_id: 'ID do produto Shopify',
  name: 'Coleção',
};

/** A product's values once the shop's rules have passed them (the same ones the admin's form goes through). */
export type CheckedProduct = {
  slug: string;
  title: string;
  description: string;
  price: string;
  old_price: string | null;
  shopifyId: string | undefined;
  /** Collection name, null (featured) or undefined (see ImportProduct.collection). */
  collection: string | null | undefined;
  /** Image URLs in position order, without repeats. */
  images: string[];
};

/** The shop's rules over one product: its values, or the refusal's reason in pt-BR. */
export function checkImportProduct(p: ImportProduct): CheckedProduct | { reason: string } {
  const parsed = ZProductCreate.safeParse({
    title: p.title,
    description: htmlToText(p.descriptionHtml ?? ''),
    price: p.price,
    old_price: p.compareAtPrice ?? null,
    shopify_product_id: p.shopifyProductId ?? undefined,
  });
  if (!parsed.success) return { reason: issueText(parsed.error.issues[0]) };
  let values: ReturnType<typeof checkProductValues>;
  try {
    values = checkProductValues(parsed.data);
  } catch (e) {
    if (isAppError(e)) return { reason: e.message };
    throw e;
  }
  let collection: string | null | undefined = p.collection;
  if (typeof collection === 'string') {
    const name = ZCollectionCreate.safeParse({ name: collection.trim() });
    if (!name.success) return { reason: issueText(name.error.issues[0]) };
    collection = name.data.name || null;
  }
  const images = [...p.images]
    .map((img, order) => ({ url: img.url.trim(), position: img.position, order }))
    .filter((img) => img.url !== '')
    .sort((a, b) => a.position - b.position || a.order - b.order)
    .map((img) => img.url)
    .filter((url, i, all) => all.indexOf(url) === i);
  if (images.length > IMPORT_MAX_IMAGES) return { reason: `Imagens demais: no máximo ${IMPORT_MAX_IMAGES} por produto` };
  return {
    slug: slugify(p.handle.trim() || values.title),
    title: values.title,
    description: parsed.data.description ?? '',
    price: values.price,
    old_price: values.old_price,
    shopifyId: p.shopifyProductId == null ? undefined : (parsed.data.shopify_product_id ?? '').trim(),
    collection,
    images,
  };
}

function issueText(issue: { message: string; path: PropertyKey[] } | undefined): string {
  if (!issue) return MESSAGES.badRequest;
  const label = FIELD_LABELS[String(issue.path[0] ?? '')];
  return label && issue.message === MESSAGES.invalidCharacters ? `${label}: ${issue.message}` : issue.message;
}

/** The same image: the same address, or the same stored file of this shop (an export's absolute URL of /uploads/…). */
function sameImage(existing: Set<string>, url: string): boolean {
  if (existing.has(url)) return true;
  try {
    const path = new URL(url, 'http://x').pathname;
    return path.startsWith('/uploads/') && existing.has(path);
  } catch {
    return false;
  }
}

/** Per product, the addresses its gallery images answer to: their own and the one each was imported from. */
async function knownImages(em: EntityManager, productIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (productIds.length === 0) return map;
  const rows = await em.find(ProductImage, { product: { $in: productIds } }, { fields: ['product', 'url', 'source_url'] });
  for (const r of rows) {
    const list = map.get(r.product.id) ?? [];
    list.push(r.url);
    if (r.source_url) list.push(r.source_url);
    map.set(r.product.id, list);
  }
  return map;
}

/** One product of a batch, planned: its row, its checked values and the product it matches. */
export type PlannedItem = {
  index: number;
  row: PlanRow;
  checked: CheckedProduct | null;
  existing: IProduct | null;
  /** Image URLs to fetch (not on the product yet). */
  fetch: string[];
  /** The collection the product ends in: an id, a name to create, or undefined (unchanged). */
  target: { id: number | null } | { create: string } | undefined;
};

/**
 * Plans products batch by batch against the catalogue as `em` sees it, remembering what earlier
 * batches claimed (a handle, or a product, twice in one import is refused the second time).
 */
export class ImportPlanner {
  private readonly seenSlugs = new Map<string, string>();
  private readonly seenProducts = new Map<number, string>();
  private collections: { id: number; name: string }[] | null = null;
  readonly newCollections: string[] = [];

  private readonly options: ImportOptions;

  constructor(options: ImportOptions = {}) {
    this.options = options;
  }

  private async collectionTarget(em: EntityManager, name: string | null | undefined, existing: IProduct | null) {
    if (name === undefined) {
      if (existing && !this.options.moveExisting) return undefined;
      return { id: this.options.collectionId ?? null };
    }
    if (name === null) return { id: null };
    this.collections ??= await em.find(Collection, {}, { fields: ['id', 'name'], orderBy: { id: 'asc' } });
    const found = this.collections.find((c) => c.name === name) ?? this.collections.find((c) => sameCollectionName(c.name, name));
    if (found) return { id: found.id };
    const planned = this.newCollections.find((n) => sameCollectionName(n, name));
    if (!planned) this.newCollections.push(name);
    return { create: planned ?? name };
  }

  async planBatch(em: EntityManager, batch: ImportProduct[], startIndex: number): Promise<PlannedItem[]> {
    const checked = batch.map((p) => checkImportProduct(p));
    const slugs = [...new Set(checked.flatMap((c) => ('slug' in c ? [c.slug] : [])))];
    const bySlug = new Map<string, IProduct>();
    if (slugs.length) {
      for (const p of await em.find(Product, { slug: { $in: slugs } })) bySlug.set(p.slug, p);
      const missing = slugs.filter((s) => !bySlug.has(s));
      if (missing.length) {
        const history = await em.find(SlugHistory, { kind: 'product', slug: { $in: missing } }, { populate: ['product'] });
        for (const h of history) if (h.product) bySlug.set(h.slug, h.product as IProduct);
      }
    }
    const ids = [...new Set([...bySlug.values()].map((p) => p.id))];
    const gallery = await knownImages(em, ids);
    const items: PlannedItem[] = [];
    for (const [i, p] of batch.entries()) {
      const c = checked[i] as CheckedProduct | { reason: string };
      const row: PlanRow = {
        ref: p.ref,
        line: p.line ?? null,
        slug: 'slug' in c ? c.slug : p.handle.trim() || p.title.trim() ? slugify(p.handle.trim() || p.title.trim()) : '',
        title: 'title' in c ? c.title : p.title,
        action: 'refuse',
        reason: null,
        productId: null,
        changes: [],
        newImages: 0,
      };
      const item: PlannedItem = { index: startIndex + i, row, checked: null, existing: null, fetch: [], target: undefined };
      items.push(item);
      if ('reason' in c) {
        row.reason = c.reason;
        continue;
      }
      const existing = bySlug.get(c.slug) ?? null;
      const twin = this.seenSlugs.get(c.slug) ?? (existing ? this.seenProducts.get(existing.id) : undefined);
      if (twin !== undefined) {
        row.reason = `Produto repetido: o mesmo endereço (${c.slug}) já está em ${twin}`;
        continue;
      }
      this.seenSlugs.set(c.slug, p.ref);
      if (existing) this.seenProducts.set(existing.id, p.ref);
      item.checked = c;
      item.existing = existing;
      item.target = await this.collectionTarget(em, c.collection, existing);
      if (!existing) {
        item.fetch = c.images;
        row.action = 'create';
        row.newImages = c.images.length;
        continue;
      }
      const have = new Set([...(gallery.get(existing.id) ?? []), ...(existing.image_url ? [existing.image_url] : [])]);
      item.fetch = c.images.filter((url) => !sameImage(have, url));
      row.productId = existing.id;
      row.slug = existing.slug;
      row.newImages = item.fetch.length;
      const changes = row.changes;
      if (existing.title !== c.title) changes.push('title');
      if (existing.description !== c.description) changes.push('description');
      if (existing.price !== c.price) changes.push('price');
      if ((existing.old_price ?? null) !== c.old_price) changes.push('old_price');
      if (c.shopifyId !== undefined && existing.shopify_product_id !== c.shopifyId) changes.push('shopify_product_id');
      const t = item.target;
      if (t && ('create' in t || t.id !== (existing.collection?.id ?? null))) changes.push('collection');
      if (item.fetch.length) changes.push('images');
      row.action = changes.length ? 'update' : 'unchanged';
    }
    return items;
  }
}

const emptyCounts = () => ({ create: 0, update: 0, unchanged: 0, refuse: 0 });

/**
 * The dry run: what importing `products` would do (create, update, leave unchanged, refuse with
 * the reason), reading the catalogue in batches and writing nothing.
 */
export async function planImport(ctx: ImportContext, products: ImportProduct[], options: ImportOptions = {}): Promise<ImportPlan> {
  const em = ctx.em.fork();
  const planner = new ImportPlanner(options);
  const rows: PlanRow[] = [];
  const counts = emptyCounts();
  let images = 0;
  for (let start = 0; start < products.length; start += IMPORT_BATCH) {
    const items = await planner.planBatch(em, products.slice(start, start + IMPORT_BATCH), start);
    for (const { row } of items) {
      rows.push(row);
      counts[row.action] += 1;
      images += row.newImages;
    }
    em.clear();
  }
  return { rows, counts, images, newCollections: planner.newCollections };
}

export { emptyCounts };
