import type { EntityManager } from '@mikro-orm/core';
import { Product } from '../catalog/product.entity.ts';
import { htmlToText, textToHtml } from '../import/html-text.ts';
import type { ImportProduct } from '../import/import-types.ts';
import {
  IMPORT_PAGE,
  IMPORT_PRODUCTS_BY_IDS,
  IMPORT_PRODUCTS_PAGE,
  type ImportedProductNode,
  type ImportProductsByIdsData,
  type ImportProductsPageData,
} from './import-queries.ts';
import { numericProductId, productGid } from './product-ids.ts';
import { type StorefrontCaller, storefrontQuery } from './storefront.ts';
import { NODES_MAX } from './storefront-queries.ts';
import { oldPriceOf, shopifyMoney } from './summary.ts';

/** What the source read besides the products: the shop's currency (of the first priced product). */
export type SourceInfo = { currency: string | null };

/**
 * A Shopify product as the import core takes it: its handle as the slug (or, when one of our
 * products is already linked to it, that product's slug, so the import updates it), the first
 * variant's price and compare-at price (an old price only when above the price), its images in
 * Shopify's order, and its id. The description is kept as the core will store it (its text, in
 * HTML that reads back the same), so a page of thousands holds text, not Shopify's markup.
 */
export function toImportProduct(node: ImportedProductNode, linkedSlug: string | undefined): ImportProduct {
  const id = numericProductId(node.id) ?? node.id;
  const variant = node.variants.nodes[0];
  const price = shopifyMoney(variant?.price);
  return {
    ref: `Shopify ${id}`,
    handle: linkedSlug ?? node.handle,
    title: node.title,
    descriptionHtml: textToHtml(htmlToText(node.descriptionHtml ?? '')),
    price: price ?? variant?.price?.amount ?? '',
    compareAtPrice: oldPriceOf(price, shopifyMoney(variant?.compareAtPrice)),
    images: node.images.nodes.map((img, i) => ({ url: img.url, position: i + 1, ...(img.altText ? { alt: img.altText } : {}) })),
    shopifyProductId: id,
  };
}

/** Our products' slugs by the Shopify id they are linked to (digits or gid), for one page of Shopify ids. */
async function linkedSlugs(em: EntityManager, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await em.find(
    Product,
    { shopify_product_id: { $in: [...ids, ...ids.map(productGid)] } },
    { fields: ['id', 'slug', 'shopify_product_id'], orderBy: { id: 'asc' } },
  );
  const map = new Map<string, string>();
  for (const r of rows) {
    const id = numericProductId(r.shopify_product_id);
    if (id && !map.has(id)) map.set(id, r.slug);
  }
  return map;
}

async function mapPage(em: EntityManager, nodes: ImportedProductNode[], info: SourceInfo): Promise<ImportProduct[]> {
  const slugs = await linkedSlugs(
    em,
    nodes.map((n) => numericProductId(n.id) ?? n.id),
  );
  for (const n of nodes) info.currency ??= n.variants.nodes[0]?.price?.currencyCode ?? null;
  return nodes.map((n) => toImportProduct(n, slugs.get(numericProductId(n.id) ?? n.id)));
}

/**
 * The chosen products (ids that Shopify no longer has are left out: `missing` names them), asked
 * NODES_MAX at a time, in the order chosen.
 */
export async function readChosen(
  em: EntityManager,
  caller: StorefrontCaller,
  ids: string[],
  info: SourceInfo,
): Promise<{ products: ImportProduct[]; missing: string[] }> {
  const wanted = [...new Set(ids.map((id) => numericProductId(id)).filter((x): x is string => x !== null))];
  const products: ImportProduct[] = [];
  const missing: string[] = [];
  for (let i = 0; i < wanted.length; i += NODES_MAX) {
    const batch = wanted.slice(i, i + NODES_MAX);
    const data = await storefrontQuery<ImportProductsByIdsData>(caller, IMPORT_PRODUCTS_BY_IDS, { ids: batch.map(productGid) });
    const found = data.nodes.filter((n): n is ImportedProductNode => !!n && 'id' in n);
    const have = new Set(found.map((n) => numericProductId(n.id)));
    missing.push(...batch.filter((id) => !have.has(id)));
    products.push(...(await mapPage(em, found, info)));
  }
  return { products, missing };
}

/** Every product of the shop, page by page with Shopify's cursors (only the mapped records are kept). */
export async function readAll(em: EntityManager, caller: StorefrontCaller, info: SourceInfo): Promise<ImportProduct[]> {
  const products: ImportProduct[] = [];
  let after: string | null = null;
  for (;;) {
    const data: ImportProductsPageData = await storefrontQuery<ImportProductsPageData>(caller, IMPORT_PRODUCTS_PAGE, {
      first: IMPORT_PAGE,
      after,
    });
    products.push(...(await mapPage(em, data.products.nodes, info)));
    const { hasNextPage, endCursor } = data.products.pageInfo;
    if (!hasNextPage || !endCursor) return products;
    after = endCursor;
  }
}
