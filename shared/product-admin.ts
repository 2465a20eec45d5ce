import { z } from 'zod';
import { zInt } from './coerce.ts';
import { zId } from './ids.ts';
import { zLine } from './text-fields.ts';

/**
 * The admin's bounded views of the catalogue ('Produtos' and 'Organizar Produtos'): a page of slim
 * rows at a time, searched and filtered by the server, and moves that send one product's new place.
 */
export const PRODUCT_ADMIN = {
  /** 'Produtos': rows per page by default, and the most one request may ask for. */
  pageSize: 50,
  maxPageSize: 100,
  /**
   * 'Produtos': the search asks the server once typing pauses this long. Short enough that a
   * keystroke's answer is on screen within 300 ms at 20,000 products (the bench's admin figures).
   * Measured 2026-11-28 (Chromium, 20,000 products, PGlite): at 150 ms the last key's request left
   * 188-197 ms after the key, the server answered in 16-60 ms (60 the process's first search), the
   * rows were on screen at 229-321 ms; at 200 ms it was 310 ms. A search costs the server about
   * 16 ms, so asking 50 ms sooner costs nothing a shop notices.
   */
  searchDebounceMs: 100,
  /** 'Importar do Shopify': its search goes on to Shopify's API, so it waits for a longer pause. */
  shopifySearchDebounceMs: 150,
  /** 'Organizar Produtos': rows per page. */
  orderPageSize: 100,
  /**
   * The most {id, position} pairs one reorder.php call may send: a whole list of a merchant-sized
   * shop (20,000 products), still inside the 1 MiB body cap (about 32 bytes per pair).
   */
  reorderMax: 30_000,
} as const;

/** The collection filter's value for the products without a collection (the featured list). */
export const NO_COLLECTION_FILTER = 'none';

export const ZProductAdminPageInput = z.object({
  /** Words that start words of the title or the slug, accents and case ignored; blank means no search. */
  q: zLine({ max: 200, trim: true }).optional(),
  collection_id: z.union([zId, z.literal(NO_COLLECTION_FILTER)]).optional(),
  page: z.number().int().min(1).max(1_000_000).default(1),
  limit: z.number().int().min(1).max(PRODUCT_ADMIN.maxPageSize).default(PRODUCT_ADMIN.pageSize),
});
export type ProductAdminPageInput = z.output<typeof ZProductAdminPageInput>;

/** One row of the admin lists: what they show, never the description or the gallery. */
export const ZProductAdminRow = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  price: z.string(),
  old_price: z.string().nullable(),
  /** The cover (first gallery image) as a small variant when there is one; '' for none. */
  thumb_url: z.string(),
  collection_id: z.number().nullable(),
  position: z.number(),
});
export type ProductAdminRow = z.infer<typeof ZProductAdminRow>;

export const ZProductAdminPage = z.object({
  items: z.array(ZProductAdminRow),
  /** Products that match the search and filter, on every page. */
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  /** The next page's number, or null on the last page. */
  next_page: z.number().nullable(),
});
export type ProductAdminPage = z.infer<typeof ZProductAdminPage>;

/** Moves one product to `position` (1-based) inside its list: its collection, or the featured list. */
export const ZProductMove = z.object({ id: zId, position: z.number().int().min(1).max(2_147_483_647) });
export type ProductMove = z.infer<typeof ZProductMove>;

/** reorder.php's documented body (spec §7): {orders: [{id, position}]}, a whole list at most. */
const zPosition = zInt.pipe(z.number().min(0).max(1_000_000_000));
export const ZProductReorder = z.object({
  orders: z.array(z.object({ id: zId, position: zPosition })).max(PRODUCT_ADMIN.reorderMax),
});
