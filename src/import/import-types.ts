import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from '../context.ts';
import type { OutboundPolicy } from '../net/public-fetch.ts';

/** An image of a product to import: fetched from `url` (http/https) unless the product has it already. */
export type ImportImage = { url: string; position: number; alt?: string };

/**
 * One product as a source (a CSV file, the Shopify shop) hands it to the import. `ref` names it in
 * messages ('linha 12', a Shopify id); `line` is the CSV line where it starts.
 */
export type ImportProduct = {
  ref: string;
  line?: number;
  /** The product's address: becomes its slug (made slug-shaped); empty takes the title's. */
  handle: string;
  title: string;
  /** HTML (Shopify's) or plain text: stored as the shop's plain text (html-text.ts). */
  descriptionHtml: string;
  /** As the owner would type it: '89.90' or '89,90'. */
  price: string;
  /** The old (crossed-out) price; null or '' for none. */
  compareAtPrice: string | null;
  images: ImportImage[];
  /**
   * A collection by name (created when the shop has none by that name); null: no collection (the
   * featured list); undefined: `ImportOptions.collectionId` for new products, unchanged for others.
   */
  collection?: string | null;
  /** undefined or null: unchanged ('' for a new product). */
  shopifyProductId?: string | null;
};

export type ImportOptions = {
  /**
   * For products whose `collection` is undefined: the collection id new ones go into (null: the
   * featured list, the default), and, when `moveExisting` is set, updated ones too.
   */
  collectionId?: number | null;
  moveExisting?: boolean;
};

/** What the import needs of the caller's context (an AppContext has it all). */
export type ImportContext = { em: EntityManager; uploadsDir: string; log?: Pick<Logger, 'warn' | 'error'> };

export type PlanAction = 'create' | 'update' | 'unchanged' | 'refuse';

/** One product of a plan: what the import would do with it, and why not when refused. */
export type PlanRow = {
  ref: string;
  line: number | null;
  /** The slug it gets or matched. */
  slug: string;
  title: string;
  action: PlanAction;
  /** pt-BR, for a refusal. */
  reason: string | null;
  /** The product matched (update, unchanged). */
  productId: number | null;
  /** Fields that change on an update: title, description, price, old_price, collection, shopify_product_id, images. */
  changes: string[];
  /** Images that would be fetched. */
  newImages: number;
};

export type ImportCounts = { create: number; update: number; unchanged: number; refuse: number };

export type ImportPlan = {
  rows: PlanRow[];
  counts: ImportCounts;
  /** Images to fetch in all. */
  images: number;
  /** Collections that would be created (names as given). */
  newCollections: string[];
};

/** An image that could not be used: the product is imported without it. */
export type ImageFailure = { ref: string; line: number | null; url: string; reason: string };

export type ImportResult = {
  counts: ImportCounts;
  /** The rows of the plan as applied (refused ones included). */
  rows: PlanRow[];
  imagesAdded: number;
  imageFailures: ImageFailure[];
  newCollections: string[];
};

/** Where an apply is: images are fetched first (`images`), then everything is written at once (`saving`). */
export type ImportProgress = { phase: 'images' | 'saving'; done: number; total: number };

export type ApplyOptions = ImportOptions & {
  onProgress?: (p: ImportProgress) => void;
  /** Aborting stops the import; nothing is written (or it is all rolled back). */
  signal?: AbortSignal;
  /** Outbound policy for image fetches: tests reach a local stand-in with it; never from configuration. */
  policy?: OutboundPolicy;
};
