import { z } from 'zod';
import { ZCounts } from './catalog-import.ts';
import { zId } from './ids.ts';
import { zShopifyProductId } from './shopify.ts';

/**
 * Importing the connected Shopify shop's products (src/shopify/shopify-import.service.ts over the
 * import core in src/import): a dry run of the chosen products (or all), its rows page by page,
 * then 'Importar' as a job with progress and cancel.
 */
export const SHOPIFY_IMPORT_MESSAGES = {
  nothingChosen: 'Escolha ao menos um produto da Shopify para importar.',
  draftGone: 'Esta simulação não vale mais (outra foi feita ou a importação já começou). Simule de novo.',
  nothingToImport: 'Nada a importar: todos os produtos estão iguais ou foram recusados.',
} as const;

/** Products chosen at once (Shopify answers up to 250 ids per call). */
export const SHOPIFY_IMPORT_CHOSEN_MAX = 250;
/** Rows of a dry run sent per page. */
export const SHOPIFY_IMPORT_ROWS_PAGE = { default: 50, max: 200 } as const;

export const ZShopifyImportPlanInput = z.object({
  /** The chosen products (numeric ids or gids); absent: every product of the shop. */
  ids: z.array(zShopifyProductId).min(1, SHOPIFY_IMPORT_MESSAGES.nothingChosen).max(SHOPIFY_IMPORT_CHOSEN_MAX).optional(),
  /** Where new products go: a collection's id, or null for none (the featured list). */
  collection_id: zId.nullable().default(null),
});
export type ShopifyImportPlanInput = z.input<typeof ZShopifyImportPlanInput>;

const ZAction = z.enum(['create', 'update', 'unchanged', 'refuse']);

export const ZShopifyImportPlan = z.object({
  draft_id: z.string(),
  total: z.number(),
  counts: ZCounts,
  /** Images that would be downloaded. */
  images: z.number(),
  /** Shopify's currency when it is not the shop's (prices are copied as they are). */
  currency_mismatch: z.string().nullable(),
});
export type ShopifyImportPlan = z.infer<typeof ZShopifyImportPlan>;

export const ZShopifyImportRowsInput = z.object({
  draft_id: z.string().min(1).max(64),
  action: ZAction.nullable().default(null),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(SHOPIFY_IMPORT_ROWS_PAGE.max).default(SHOPIFY_IMPORT_ROWS_PAGE.default),
});
export type ShopifyImportRowsInput = z.input<typeof ZShopifyImportRowsInput>;

export const ZShopifyImportRow = z.object({
  /** The Shopify product's numeric id. */
  ref: z.string(),
  slug: z.string(),
  title: z.string(),
  action: ZAction,
  reason: z.string().nullable(),
  product_id: z.number().nullable(),
  changes: z.array(z.string()),
  new_images: z.number(),
});
export type ShopifyImportRow = z.infer<typeof ZShopifyImportRow>;

export const ZShopifyImportRows = z.object({ rows: z.array(ZShopifyImportRow), total: z.number() });

export const ZShopifyImportStart = z.object({ draft_id: z.string().min(1).max(64) });
