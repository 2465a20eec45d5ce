import { z } from 'zod';
import { ZCollection, ZCollectionPage, ZHome, ZProduct, ZProductListInput, ZProductLookup, ZSlugInput } from '../../../shared/catalog.ts';
import {
  findCollectionPage,
  findProductBySlug,
  getHome,
  getProduct,
  listCollections,
  listProducts,
} from '../../../src/catalog/catalog.service.ts';
import { publicProcedure, router } from '../trpc.ts';

export const catalogRouter = router({
  home: publicProcedure.output(ZHome).query(({ ctx }) => getHome(ctx.app)),
  products: publicProcedure
    .input(ZProductListInput)
    .output(z.array(ZProduct))
    .query(({ ctx, input }) => listProducts(ctx.app, input)),
  product: publicProcedure
    .input(ZProductLookup)
    .output(ZProduct)
    .query(({ ctx, input }) => getProduct(ctx.app, input)),
  /** Product page: null when the slug is unknown (the page shows 'Produto não encontrado'). */
  productPage: publicProcedure
    .input(ZSlugInput)
    .output(ZProduct.nullable())
    .query(({ ctx, input }) => findProductBySlug(ctx.app, input.slug)),
  collectionPage: publicProcedure
    .input(ZSlugInput)
    .output(ZCollectionPage.nullable())
    .query(({ ctx, input }) => findCollectionPage(ctx.app, input.slug)),
  collections: publicProcedure.output(z.array(ZCollection)).query(({ ctx }) => listCollections(ctx.app)),
});
