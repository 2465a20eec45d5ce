import type { EntityManager } from '@mikro-orm/core';
import { MESSAGES } from '../../shared/errors.ts';
import {
  SHOPIFY_MESSAGES as M,
  type ShopifyProduct,
  type ShopifyProductsPage,
  type ShopifyStatus,
  ZShopifyLinkInput,
  ZShopifyProductsInput,
} from '../../shared/shopify.ts';
import { Product } from '../catalog/product.entity.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { connectedShop, storefrontCaller } from './connection.ts';
import { numericProductId, productGid } from './product-ids.ts';
import { storefrontQuery } from './storefront.ts';
import { PRODUCT_BY_ID, PRODUCTS_PAGE, type ProductByIdData, type ProductsPageData } from './storefront-queries.ts';
import { toShopifyProduct } from './summary.ts';

/** Whether a shop is connected, for the admin to show its screens or say what is missing. */
export async function shopifyStatus(ctx: AppContext): Promise<ShopifyStatus> {
  const shop = await connectedShop(ctx);
  return { connected: !!shop, domain: shop?.domain ?? '' };
}

/** One page of the shop's products (searched by Shopify), each with our product linked to it. */
export async function listShopifyProducts(ctx: AppContext, raw: unknown): Promise<ShopifyProductsPage> {
  const input = ZShopifyProductsInput.parse(raw);
  const caller = await storefrontCaller(ctx);
  const data = await storefrontQuery<ProductsPageData>(caller, PRODUCTS_PAGE, {
    first: input.first,
    after: input.after || null,
    query: input.query || null,
  });
  const summaries = data.products.edges.map((e) => toShopifyProduct(e.node));
  const { pageInfo } = data.products;
  return { items: await withLinks(ctx.em, summaries), next_cursor: pageInfo.hasNextPage ? pageInfo.endCursor : null };
}

/** Our products linked to these Shopify ids (by digits or gid), one page's worth. */
async function withLinks(em: EntityManager, items: Omit<ShopifyProduct, 'linked'>[]): Promise<ShopifyProduct[]> {
  const ids = items.map((i) => i.id);
  const rows = ids.length
    ? await em.find(
        Product,
        { shopify_product_id: { $in: [...ids, ...ids.map(productGid)] } },
        { fields: ['id', 'title', 'shopify_product_id'] },
      )
    : [];
  const byId = new Map(rows.map((r) => [numericProductId(r.shopify_product_id), { id: r.id, title: r.title }]));
  return items.map((i) => ({ ...i, linked: byId.get(i.id) ?? null }));
}

/** The shop's product with this id (digits or gid), or a clear refusal when the shop has none. */
export async function findShopifyProduct(ctx: AppContext, id: string): Promise<Omit<ShopifyProduct, 'linked'>> {
  const numeric = numericProductId(id);
  if (!numeric) throw new AppError('BAD_REQUEST', M.badShopifyId, undefined, 'shopify_product_id');
  const caller = await storefrontCaller(ctx);
  const data = await storefrontQuery<ProductByIdData>(caller, PRODUCT_BY_ID, { id: productGid(numeric) });
  if (!data.product) throw new AppError('BAD_REQUEST', M.productNotInShop, undefined, 'shopify_product_id');
  return toShopifyProduct(data.product);
}

/**
 * Links one of our products to a product of the connected shop (or unlinks it with ''): the id is
 * checked against the shop first, so a link always names a product the Buy Button can sell.
 */
export async function linkShopifyProduct(ctx: AppContext, raw: unknown) {
  const input = ZShopifyLinkInput.parse(raw);
  const product = await ctx.em.findOne(Product, { id: input.product_id });
  if (!product) throw new AppError('NOT_FOUND', MESSAGES.productNotFound);
  const found = input.shopify_product_id ? await findShopifyProduct(ctx, input.shopify_product_id) : null;
  product.shopify_product_id = found?.id ?? '';
  await ctx.em.flush();
  return { product_id: product.id, shopify_product_id: product.shopify_product_id, shopify_title: found?.title ?? null };
}
