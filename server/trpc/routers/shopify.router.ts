import {
  ZResyncApplyInput,
  ZResyncApplyResult,
  ZResyncPlan,
  ZShopifyLinkInput,
  ZShopifyLinkResult,
  ZShopifyProductsInput,
  ZShopifyProductsPage,
  ZShopifyStatus,
} from '../../../shared/shopify.ts';
import { resyncApply, resyncPlan } from '../../../src/shopify/price-resync.service.ts';
import { linkShopifyProduct, listShopifyProducts, shopifyStatus } from '../../../src/shopify/shopify-catalog.service.ts';
import { adminProcedure, router } from '../trpc.ts';

/** The connected Shopify shop's catalogue, for 'Importar da Shopify' and the product form's picker. */
export const shopifyRouter = router({
  status: adminProcedure.output(ZShopifyStatus).query(({ ctx }) => shopifyStatus(ctx.app)),
  products: adminProcedure
    .input(ZShopifyProductsInput)
    .output(ZShopifyProductsPage)
    .query(({ ctx, input }) => listShopifyProducts(ctx.app, input)),
  link: adminProcedure
    .input(ZShopifyLinkInput)
    .output(ZShopifyLinkResult)
    .mutation(({ ctx, input }) => linkShopifyProduct(ctx.app, input)),
  /** The dry run of a price re-sync of the linked products: what would change, changing nothing. */
  resyncPlan: adminProcedure.output(ZResyncPlan).query(({ ctx }) => resyncPlan(ctx.app)),
  resyncApply: adminProcedure
    .input(ZResyncApplyInput)
    .output(ZResyncApplyResult)
    .mutation(({ ctx, input }) => resyncApply(ctx.app, input)),
});
