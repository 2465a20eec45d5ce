import { z } from 'zod';
import {
  ZCollection,
  ZCollectionPage,
  ZCollectionPageInput,
  ZHome,
  ZHomeSections,
  ZHomeSectionsInput,
  ZProduct,
  ZProductLookup,
  ZProductPageInput,
  ZSlugInput,
} from '../../../shared/catalog.ts';
import {
  findProductBySlug,
  getHome,
  getHomeSections,
  getProduct,
  listCollections,
  listStoreProducts,
} from '../../../src/catalog/catalog.service.ts';
import { findCollectionPage } from '../../../src/catalog/collection-page.ts';
import { publicReadProcedure, router } from '../trpc.ts';

export const catalogRouter = router({
  home: publicReadProcedure.output(ZHome).query(({ ctx }) => getHome(ctx.app)),
  /** The home's collection sections after the first page (an infinite query over `cursor`). */
  homeSections: publicReadProcedure
    .input(ZHomeSectionsInput)
    .output(ZHomeSections)
    .query(({ ctx, input }) => getHomeSections(ctx.app, input.cursor ?? 0)),
  products: publicReadProcedure
    .input(ZProductPageInput)
    .output(z.array(ZProduct))
    .query(({ ctx, input }) => listStoreProducts(ctx.app, input)),
  product: publicReadProcedure
    .input(ZProductLookup)
    .output(ZProduct)
    .query(({ ctx, input }) => getProduct(ctx.app, input)),
  /** Product page: null when the slug is unknown (the page shows 'Produto não encontrado'). */
  productPage: publicReadProcedure
    .input(ZSlugInput)
    .output(ZProduct.nullable())
    .query(({ ctx, input }) => findProductBySlug(ctx.app, input.slug)),
  /** Collection page, sorted, filtered and paged (an infinite query over `cursor`); null when unknown or inactive. */
  collectionPage: publicReadProcedure
    .input(ZCollectionPageInput)
    .output(ZCollectionPage.nullable())
    .query(({ ctx, input }) => findCollectionPage(ctx.app, input)),
  collections: publicReadProcedure.output(z.array(ZCollection)).query(({ ctx }) => listCollections(ctx.app)),
});
