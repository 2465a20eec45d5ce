import { ZImportJobStatus } from '../../../shared/catalog-import.ts';
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
import {
  ZShopifyImportPlan,
  ZShopifyImportPlanInput,
  ZShopifyImportRows,
  ZShopifyImportRowsInput,
  ZShopifyImportStart,
} from '../../../shared/shopify-import.ts';
import { resyncApply, resyncPlan } from '../../../src/shopify/price-resync.service.ts';
import { linkShopifyProduct, listShopifyProducts, shopifyStatus } from '../../../src/shopify/shopify-catalog.service.ts';
import { shopifyImportPlan, shopifyImportRows, startShopifyImport } from '../../../src/shopify/shopify-import.service.ts';
import { adminProcedure, router } from '../trpc.ts';

/**
 * The connected Shopify shop's catalogue, for 'Importar da Shopify' and the product form's picker.
 * An import's progress and cancel are the catalogue import's (catalogImport.status / cancel).
 */
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
  /** The dry run of importing the chosen products (or all): counts; rows come page by page from importRows. */
  importPlan: adminProcedure
    .input(ZShopifyImportPlanInput)
    .output(ZShopifyImportPlan)
    .mutation(({ ctx, input }) => shopifyImportPlan(ctx.app, input)),
  importRows: adminProcedure
    .input(ZShopifyImportRowsInput)
    .output(ZShopifyImportRows)
    .query(({ ctx, input }) => shopifyImportRows(ctx.app, input)),
  importStart: adminProcedure
    .input(ZShopifyImportStart)
    .output(ZImportJobStatus)
    .mutation(({ ctx, input }) => startShopifyImport(ctx.app, input)),
});
