import { z } from 'zod';
import { zId } from './ids.ts';

/**
 * The connected Shopify shop's catalogue as the admin sees it ('Importar da Shopify', the product
 * form's picker, the price re-sync). The server talks to the Storefront API (src/shopify/).
 */
export const SHOPIFY_MESSAGES = {
  notConnected: 'Conecte a loja Shopify (domínio e token da Storefront API) em Shopify para ver os produtos dela.',
  badToken: 'A Shopify recusou o token da Storefront API. Confira o token em Shopify (ele precisa das permissões de leitura de produtos).',
  badDomain: 'A Shopify não encontrou uma loja neste domínio. Confira o domínio em Shopify (ex.: minha-loja.myshopify.com).',
  throttled: 'A Shopify está limitando as consultas desta loja. Tente novamente em alguns instantes.',
  throttledFor: (seconds: number) => `A Shopify está limitando as consultas desta loja. Tente novamente em ${seconds} segundos.`,
  timeout: 'A Shopify demorou demais para responder. Tente novamente.',
  unavailable: 'A Shopify está indisponível no momento. Tente novamente mais tarde.',
  unreachable: 'Não foi possível falar com a Shopify neste domínio. Confira o domínio em Shopify.',
  refused: 'A Shopify recusou a consulta. Tente novamente; se continuar, confira o token em Shopify.',
  productNotInShop: 'Este produto não existe na loja Shopify conectada (ou não está publicado no canal da Storefront API).',
  badShopifyId: 'ID de produto Shopify inválido.',
  planChanged: 'Os preços na Shopify ou na loja mudaram desde a simulação. Simule de novo antes de aplicar.',
} as const;

/** A product id as the Buy Button takes it: digits, or a Product gid (normalised to digits on the server). */
export const zShopifyProductId = z
  .string()
  .trim()
  .max(64, SHOPIFY_MESSAGES.badShopifyId)
  .regex(/^(\d{1,20}|gid:\/\/shopify\/Product\/\d{1,20})$/, SHOPIFY_MESSAGES.badShopifyId);

export const SHOPIFY_PAGE_SIZE = { default: 24, max: 50 } as const;

export const ZShopifyProductsInput = z.object({
  query: z.string().trim().max(200).optional(),
  /** The cursor of the page before (`next_cursor` of the previous answer). */
  after: z.string().max(500).optional(),
  first: z.number().int().min(1).max(SHOPIFY_PAGE_SIZE.max).default(SHOPIFY_PAGE_SIZE.default),
});
export type ShopifyProductsInput = z.input<typeof ZShopifyProductsInput>;

/** One Shopify product, summed up: its first variant's price and compare-at price. */
export const ZShopifyProduct = z.object({
  /** The numeric id, as stored in `shopify_product_id`. */
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  image_url: z.string().nullable(),
  image_alt: z.string().nullable(),
  price: z.string().nullable(),
  compare_at_price: z.string().nullable(),
  currency: z.string().nullable(),
  available: z.boolean(),
  /** Our product already linked to it, if any. */
  linked: z.object({ id: z.number(), title: z.string() }).nullable(),
});
export type ShopifyProduct = z.infer<typeof ZShopifyProduct>;

export const ZShopifyProductsPage = z.object({
  items: z.array(ZShopifyProduct),
  next_cursor: z.string().nullable(),
});
export type ShopifyProductsPage = z.infer<typeof ZShopifyProductsPage>;

export const ZShopifyStatus = z.object({ connected: z.boolean(), domain: z.string() });
export type ShopifyStatus = z.infer<typeof ZShopifyStatus>;

export const ZShopifyLinkInput = z.object({
  product_id: zId,
  /** '' unlinks. */
  shopify_product_id: z.union([z.literal(''), zShopifyProductId]),
});

export const ZShopifyLinkResult = z.object({
  product_id: z.number(),
  shopify_product_id: z.string(),
  shopify_title: z.string().nullable(),
});

/** One linked product in the re-sync plan. */
export const ZResyncChange = z.object({
  product_id: z.number(),
  title: z.string(),
  shopify_product_id: z.string(),
  /** What happens: prices change, nothing changes, or the Shopify product is gone. */
  status: z.enum(['change', 'same', 'missing']),
  price: z.object({ from: z.string(), to: z.string().nullable() }),
  old_price: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  /** Availability as Shopify reports it (shown live by the Buy Button; not stored here). */
  available: z.boolean().nullable(),
});
export type ResyncChange = z.infer<typeof ZResyncChange>;

export const RESYNC_LISTED_MAX = 500;

export const ZResyncPlan = z.object({
  /** A digest of every change: apply refuses when the shop or Shopify changed since. */
  plan_id: z.string(),
  linked: z.number(),
  changes: z.number(),
  missing: z.number(),
  /** Changes and missing products first, at most RESYNC_LISTED_MAX rows. */
  rows: z.array(ZResyncChange),
  currency_mismatch: z.string().nullable(),
});
export type ResyncPlan = z.infer<typeof ZResyncPlan>;

export const ZResyncApplyInput = z.object({ plan_id: z.string().min(1).max(128) });
export const ZResyncApplyResult = z.object({ updated: z.number() });
