/** Admin section 'Shopify' (spec §2 "Admin page"). */
export function ShopifyPage() {
  return null;
}
