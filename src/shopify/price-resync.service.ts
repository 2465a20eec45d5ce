import { createHash } from 'node:crypto';
import { SHOPIFY_MESSAGES as M, RESYNC_LISTED_MAX, type ResyncChange, type ResyncPlan, ZResyncApplyInput } from '../../shared/shopify.ts';
import { Product } from '../catalog/product.entity.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { loadSettingsRow } from '../settings/settings.repo.ts';
import { storefrontCaller } from './connection.ts';
import { numericProductId, productGid } from './product-ids.ts';
import { type StorefrontCaller, storefrontQuery } from './storefront.ts';
import { NODES_MAX, PRODUCTS_BY_IDS, type ProductSummaryNode, type ProductsByIdsData } from './storefront-queries.ts';
import { toShopifyProduct } from './summary.ts';

/** Linked products read per database page (and asked of Shopify in batches of NODES_MAX). */
const DB_PAGE = 500;

type Linked = { id: number; title: string; price: string; old_price: string | null; shopify_product_id: string };
/** What the apply writes: each changed product, with the values the plan saw (checked again when writing). */
type Write = { id: number; from: [string, string | null]; to: [string, string | null] };

/**
 * Walks every linked product (by id, a page at a time) and asks Shopify for their price and
 * compare-at price (batches of NODES_MAX): each is a change, the same, or missing from the shop.
 * The plan's id is a digest of every change, so an apply can tell the plan it was shown from a
 * new one.
 */
async function walkPlan(ctx: AppContext, caller: StorefrontCaller, onRow: (row: ResyncChange) => void): Promise<void> {
  let lastId = 0;
  for (;;) {
    const page = (await ctx.em.find(
      Product,
      { shopify_product_id: { $ne: '' }, id: { $gt: lastId } },
      { orderBy: { id: 'asc' }, limit: DB_PAGE, fields: ['id', 'title', 'price', 'old_price', 'shopify_product_id'] },
    )) as Linked[];
    if (page.length === 0) return;
    lastId = page.at(-1)?.id ?? lastId;
    for (let i = 0; i < page.length; i += NODES_MAX) {
      const batch = page.slice(i, i + NODES_MAX);
      const ids = [...new Set(batch.map((p) => numericProductId(p.shopify_product_id)).filter((x): x is string => x !== null))];
      const data = ids.length
        ? await storefrontQuery<ProductsByIdsData>(caller, PRODUCTS_BY_IDS, { ids: ids.map(productGid) })
        : { nodes: [] };
      const found = new Map<string, ReturnType<typeof toShopifyProduct>>();
      for (const node of data.nodes) {
        if (node && 'id' in node) {
          const summary = toShopifyProduct(node as ProductSummaryNode);
          found.set(summary.id, summary);
        }
      }
      for (const p of batch) onRow(compare(p, found.get(numericProductId(p.shopify_product_id) ?? '')));
    }
  }
}

function compare(p: Linked, s: ReturnType<typeof toShopifyProduct> | undefined): ResyncChange {
  const base = { product_id: p.id, title: p.title, shopify_product_id: p.shopify_product_id };
  if (!s || s.price === null) {
    return { ...base, status: 'missing', price: { from: p.price, to: null }, old_price: { from: p.old_price, to: null }, available: null };
  }
  const same = s.price === p.price && s.compare_at_price === p.old_price;
  return {
    ...base,
    status: same ? 'same' : 'change',
    price: { from: p.price, to: s.price },
    old_price: { from: p.old_price, to: s.compare_at_price },
    available: s.available,
  };
}

async function buildPlan(ctx: AppContext): Promise<{ plan: ResyncPlan; writes: Write[] }> {
  const caller = await storefrontCaller(ctx);
  const digest = createHash('sha256');
  const listed: ResyncChange[] = [];
  const writes: Write[] = [];
  let linked = 0;
  let missing = 0;
  await walkPlan(ctx, caller, (row) => {
    linked++;
    if (row.status === 'missing') missing++;
    if (row.status === 'change' && row.price.to !== null) {
      writes.push({ id: row.product_id, from: [row.price.from, row.old_price.from], to: [row.price.to, row.old_price.to] });
      digest.update(JSON.stringify([row.product_id, row.price, row.old_price]));
    }
    if (row.status !== 'same' && listed.length < RESYNC_LISTED_MAX) listed.push(row);
  });
  const currency = linked > 0 ? await shopCurrencyMismatch(ctx, caller) : null;
  return {
    plan: { plan_id: digest.digest('hex'), linked, changes: writes.length, missing, rows: listed, currency_mismatch: currency },
    writes,
  };
}

/** Shopify's currency when it is not the shop's (prices would be copied as they are). */
async function shopCurrencyMismatch(ctx: AppContext, caller: StorefrontCaller): Promise<string | null> {
  const first = await ctx.em.findOne(
    Product,
    { shopify_product_id: { $ne: '' } },
    { fields: ['shopify_product_id'], orderBy: { id: 'asc' } },
  );
  const id = first && numericProductId(first.shopify_product_id);
  if (!id) return null;
  const data = await storefrontQuery<ProductsByIdsData>(caller, PRODUCTS_BY_IDS, { ids: [productGid(id)] });
  const node = data.nodes[0];
  const shopify = node && 'id' in node ? toShopifyProduct(node as ProductSummaryNode).currency : null;
  const ours = (await loadSettingsRow(ctx.em)).currency;
  return shopify && shopify !== ours ? shopify : null;
}

/** The dry run: what a re-sync of prices would change, changing nothing. */
export async function resyncPlan(ctx: AppContext): Promise<ResyncPlan> {
  return (await buildPlan(ctx)).plan;
}

/**
 * Applies the plan the owner saw, in one transaction: the plan is made again and must have the same
 * id (else nothing is written and the owner is asked to simulate again), and each row is written
 * only if it still holds the prices the plan saw, so an edit made meanwhile is never overwritten.
 */
export async function resyncApply(ctx: AppContext, raw: unknown): Promise<{ updated: number }> {
  const { plan_id } = ZResyncApplyInput.parse(raw);
  const { plan, writes } = await buildPlan(ctx);
  if (plan.plan_id !== plan_id) throw new AppError('CONFLICT', M.planChanged);
  await ctx.em.transactional(async (em) => {
    for (const w of writes) {
      const n = await em.nativeUpdate(
        Product,
        { id: w.id, price: w.from[0], old_price: w.from[1] },
        { price: w.to[0], old_price: w.to[1] },
      );
      if (n !== 1) throw new AppError('CONFLICT', M.planChanged);
    }
  });
  ctx.log.info({ shopify: { updated: writes.length } }, 'shopify prices re-synced');
  return { updated: writes.length };
}
