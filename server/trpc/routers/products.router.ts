import { z } from 'zod';
import { ZProduct, ZProductCreate, ZProductLookup, ZProductPageInput, ZProductUpdate } from '../../../shared/catalog.ts';
import { ZIdInput } from '../../../shared/ids.ts';
import { ZProductAdminPage, ZProductAdminPageInput, ZProductMove, ZProductReorder } from '../../../shared/product-admin.ts';
import { getProduct, listProducts } from '../../../src/catalog/catalog.service.ts';
import { createProduct, deleteProduct, updateProduct } from '../../../src/catalog/product.service.ts';
import { adminProductPage } from '../../../src/catalog/product-admin-list.ts';
import { moveProduct, reorderProducts } from '../../../src/catalog/product-order.ts';
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
  /** The admin's list: one page of slim rows, searched and filtered by the server; never cached. */
  adminPage: adminProcedure
    .input(ZProductAdminPageInput)
    .output(ZProductAdminPage)
    .query(({ ctx, input }) => adminProductPage(ctx.app, input)),
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
  move: adminProcedure.input(ZProductMove).mutation(async ({ ctx, input }) => {
    await moveProduct(ctx.app, input);
    return { ok: true };
  }),
  reorder: adminProcedure.input(ZProductReorder).mutation(async ({ ctx, input }) => {
    await reorderProducts(ctx.app, input.orders);
    return { ok: true };
  }),
});
