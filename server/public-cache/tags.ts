/**
 * The one rule of what a cached answer depends on and what a change drops (see README.md here).
 *
 * An entry carries tags for the data it was built from; a change, reported by the database's
 * triggers (migrations/Migration20261125150000_change_triggers.ts), names the tags it touched and
 * drops every entry holding one of them. Over-invalidating is allowed, under-invalidating never:
 *
 * | Change (table)                        | Tags it drops                                                  |
 * |---------------------------------------|----------------------------------------------------------------|
 * | products rows                         | product:<id>, collection:<old and new id, or none>, products   |
 * | product_images rows                   | the same, for the images' products                            |
 * | reviews rows                          | product:<id>                                                   |
 * | collections rows                      | collections                                                    |
 * | any of those, too many rows to name   | product:*, collection:*, products (and collections)            |
 * | settings, banners, top_headers, footer_*, slug_history, an unknown table | everything     |
 * | a lost or missed notification         | everything                                                     |
 *
 * | Entry                                                       | Tags it holds                          |
 * |-------------------------------------------------------------|----------------------------------------|
 * | a product (page data, catalog.product/productPage, products.get, get.php) | product:<id>; not found: products |
 * | a product's reviews or images                               | product:<id>                           |
 * | a collection page (collectionPage, /colecao/…)              | collection:<id>, collections           |
 * | the featured listing (/destaques, collectionPage slug '')  | collection:none, collections           |
 * | home, lists, search, list.php, the sitemap                  | products, collections                  |
 * | the collections list                                        | collections                            |
 * | every page (the header menu lists the collections)          | collections, plus its reads' tags      |
 * | settings, layout, banners, footer reads, robots.txt         | none (their changes drop everything)   |
 * | whatsapp.status (open now or not: time-dependent)            | expires:<ms>, the next opening/closing |
 * | a legal page (legal.page: texts and data in the settings row) | none (a settings change drops everything) |
 * | anything not declared here                                  | any (every change drops it)            |
 *
 * Pages and tRPC batches get the tags of the procedures they ran (`readTags`, collected by the
 * publicReadProcedure middleware); legacy reads declare theirs next to their route.
 */

export type Tag = string;

/** Held by an entry whose dependencies are not declared: every change drops it. */
export const ANY: Tag = 'any';
/** The set and order of all products: lists, search, home, sitemap. */
export const PRODUCTS: Tag = 'products';
/** The collections themselves (names, slugs, order, active): every page's menu. */
export const COLLECTIONS: Tag = 'collections';
export const productTag = (id: number | string): Tag => `product:${id}`;
export const collectionTag = (id: number | string | null): Tag => `collection:${id ?? 'none'}`;
/**
 * Not data but a deadline: an entry holding `expires:<epoch ms>` is kept no longer than that
 * (store.ts), whatever the writes; what it shows depends on the time (the WhatsApp hours).
 */
export const expiresTag = (at: number): Tag => `expires:${at}`;
/** The earliest deadline among an entry's tags, if any. */
export function expiryOf(tags: readonly Tag[]): number | undefined {
  let earliest: number | undefined;
  for (const t of tags) {
    if (!t.startsWith('expires:')) continue;
    const at = Number(t.slice(8));
    if (Number.isFinite(at) && (earliest === undefined || at < earliest)) earliest = at;
  }
  return earliest;
}
/** A tag ending in `:*` matches every tag of its kind. */
export const isWildcard = (tag: Tag) => tag.endsWith(':*');

/** Tags every page holds on top of what its reads report. */
export const PAGE_TAGS: readonly Tag[] = [COLLECTIONS];
/** A list of the whole catalogue (lists, search, the sitemap). */
export const LIST_TAGS: readonly Tag[] = [PRODUCTS, COLLECTIONS];
/** Reads of tables whose every change drops everything. */
export const LAYOUT_TAGS: readonly Tag[] = [];

/** One product read: its id when found; when not, any product change may create it. */
export const productReadTags = (found: { id: number } | null | undefined): Tag[] => (found ? [productTag(found.id)] : [PRODUCTS]);

/** A read of one product's reviews or images, by its `product_id` input. */
export function byProductInput(input: unknown): Tag[] {
  const id = Number((input as { product_id?: unknown } | null)?.product_id);
  return Number.isInteger(id) && id > 0 ? [productTag(id)] : [PRODUCTS];
}

type Rule = (input: unknown, output: unknown) => readonly Tag[];

/** The tags of each cached tRPC procedure, from its raw input and its output (undefined on error). */
const READS: Record<string, Rule> = {
  'catalog.home': () => LIST_TAGS,
  'catalog.homeSections': () => LIST_TAGS,
  'catalog.products': () => LIST_TAGS,
  'catalog.product': (_i, out) => productReadTags(out as { id: number } | undefined),
  'catalog.productPage': (_i, out) => productReadTags(out as { id: number } | null | undefined),
  'catalog.collectionPage': (input, out) => {
    const slug = (input as { slug?: unknown } | null)?.slug;
    if (slug === '') return [collectionTag(null), COLLECTIONS];
    const id = (out as { collection?: { id?: number } } | null | undefined)?.collection?.id;
    // Unknown or inactive: only a collection change can make it a page.
    return id === undefined ? [COLLECTIONS] : [collectionTag(id), COLLECTIONS];
  },
  'catalog.collections': () => [COLLECTIONS],
  'collections.list': () => [COLLECTIONS],
  'products.list': () => LIST_TAGS,
  'products.get': (_i, out) => productReadTags(out as { id: number } | undefined),
  'productImages.list': (input) => byProductInput(input),
  'reviews.list': (input) => byProductInput(input),
  'settings.get': () => LAYOUT_TAGS,
  'content.layout': () => LAYOUT_TAGS,
  'content.banners': () => LAYOUT_TAGS,
  'banners.list': () => LAYOUT_TAGS,
  'topHeaders.list': () => LAYOUT_TAGS,
  'footer.icons': () => LAYOUT_TAGS,
  'footer.sections': () => LAYOUT_TAGS,
  // Settings (dropping everything on change) and the clock: it holds until the next boundary.
  'whatsapp.status': (_i, out) => {
    const until = (out as { until?: number | null } | undefined)?.until;
    return typeof until === 'number' ? [expiresTag(until)] : LAYOUT_TAGS;
  },
  'legal.page': () => LAYOUT_TAGS,
};

/** True when the procedure has a declared rule (a cached procedure without one is refused at start). */
export const hasReadRule = (path: string) => Object.hasOwn(READS, path);

/** The tags of one cached procedure call. */
export function readTags(path: string, input: unknown, output: unknown): readonly Tag[] {
  const rule = READS[path];
  return rule ? rule(input, output) : [ANY];
}

/** What the triggers send: the table, and for row-tracked tables the products and collections touched. */
export type ChangeNotice = { t: string; p?: (number | null)[]; c?: (number | null)[] };

/**
 * The tags a change drops, or null for "everything". A row-tracked table without `p` is a change
 * too large to name its rows (or a TRUNCATE): all of its kind.
 */
export function changeTags(n: ChangeNotice): Tag[] | null {
  const ids = n.p?.filter((id): id is number => id !== null);
  switch (n.t) {
    case 'products':
    case 'product_images':
      if (!ids) return ['product:*', 'collection:*', PRODUCTS];
      return [...ids.map(productTag), ...(n.c ?? []).map(collectionTag), PRODUCTS];
    case 'reviews':
      return ids ? ids.map(productTag) : ['product:*'];
    case 'collections':
      return [COLLECTIONS];
    default:
      return null;
  }
}
