import { normalizeMoney } from '../../shared/coerce.ts';
import type { ShopifyProduct } from '../../shared/shopify.ts';
import { numericProductId } from './product-ids.ts';
import type { ProductSummaryNode } from './storefront-queries.ts';

/** A Shopify amount ("49.9") as we store money ("49.90"); null when absent or out of our range. */
export function shopifyMoney(m: { amount: string } | null | undefined): string | null {
  return m ? normalizeMoney(m.amount) : null;
}

/** A compare-at price is an old price only when it is above the price. */
export function oldPriceOf(price: string | null, compareAt: string | null): string | null {
  return price !== null && compareAt !== null && Number(compareAt) > Number(price) ? compareAt : null;
}

/** The summary the admin shows of one Storefront product node. */
export function toShopifyProduct(node: ProductSummaryNode): Omit<ShopifyProduct, 'linked'> {
  const variant = node.variants.edges[0]?.node;
  const price = shopifyMoney(variant?.price);
  return {
    id: numericProductId(node.id) ?? node.id,
    title: node.title,
    handle: node.handle,
    image_url: node.featuredImage?.url ?? null,
    image_alt: node.featuredImage?.altText ?? null,
    price,
    compare_at_price: oldPriceOf(price, shopifyMoney(variant?.compareAtPrice)),
    currency: variant?.price?.currencyCode ?? null,
    available: node.availableForSale,
  };
}
