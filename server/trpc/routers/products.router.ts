import { z } from 'zod';
import { ZProduct, ZProductCreate, ZProductLookup, ZProductPageInput, ZProductReorder, ZProductUpdate } from '../../../shared/catalog.ts';
import { ZIdInput } from '../../../shared/ids.ts';
import { getProduct, listProducts } from '../../../src/catalog/catalog.service.ts';
import { createProduct, deleteProduct, reorderProducts, updateProduct } from '../../../src/catalog/product.service.ts';
import { readFormData } from '../../input/form.ts';
import { parseInput } from '../../input/parse.ts';
import { adminProcedure, publicReadProcedure, router, uploadProcedure } from '../trpc.ts';

/** The product form as FormData: its fields plus an optional `image` file. */
async function productForm(form: FormData) {
  const { fields, files } = await readFormData(form);
  return { fields, image: files.find((f) => f.field === 'image') };
}

export const productsRouter = router({
  list: publicReadProcedure
    .input(ZProductPageInput)
    .output(z.array(ZProduct))
    .query(({ ctx, input }) => listProducts(ctx.app, input)),
  get: publicReadProcedure
    .input(ZProductLookup)
    .output(ZProduct)
    .query(({ ctx, input }) => getProduct(ctx.app, input)),
  create: uploadProcedure
    .input(z.instanceof(FormData))
    .output(ZProduct)
    .mutation(async ({ ctx, input }) => {
      const { fields, image } = await productForm(input);
      return createProduct(ctx.app, parseInput(ZProductCreate, fields), image);
    }),
  update: uploadProcedure
    .input(z.instanceof(FormData))
    .output(ZProduct)
    .mutation(async ({ ctx, input }) => {
      const { fields, image } = await productForm(input);
      return updateProduct(ctx.app, parseInput(ZProductUpdate, fields), image);
    }),
  delete: adminProcedure.input(ZIdInput).mutation(async ({ ctx, input }) => {
    await deleteProduct(ctx.app, input.id);
    return { ok: true };
  }),
  reorder: adminProcedure.input(ZProductReorder).mutation(async ({ ctx, input }) => {
    await reorderProducts(ctx.app, input.orders);
    return { ok: true };
  }),
});
