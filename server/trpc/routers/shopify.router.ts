import {
  ZShopifyLinkInput,
  ZShopifyLinkResult,
  ZShopifyProductsInput,
  ZShopifyProductsPage,
  ZShopifyStatus,
} from '../../../shared/shopify.ts';
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
});
