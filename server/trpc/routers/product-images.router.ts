import { z } from 'zod';
import {
  imagesAddedMessage,
  ZProductImage,
  ZProductImageListInput,
  ZProductImageReorder,
  ZProductImageUploadFields,
  ZProductImageUploadResult,
} from '../../../shared/catalog.ts';
import { ZIdInput } from '../../../shared/ids.ts';
import {
  addProductImages,
  deleteProductImage,
  listProductImages,
  processingProductImages,
  reorderProductImages,
} from '../../../src/catalog/product-image.service.ts';
import { readFormData } from '../../input/form.ts';
import { parseInput } from '../../input/parse.ts';
import { adminProcedure, publicReadProcedure, router, uploadProcedure } from '../trpc.ts';

export const productImagesRouter = router({
  list: publicReadProcedure
    .input(ZProductImageListInput)
    .output(z.array(ZProductImage))
    .query(({ ctx, input }) => listProductImages(ctx.app, input.product_id)),
  /** Ids of the images whose variants are still being made (the admin polls it while any is). */
  processing: adminProcedure
    .input(ZProductImageListInput)
    .output(z.array(z.number()))
    .query(({ ctx, input }) => processingProductImages(ctx.app, input.product_id)),
  /**
   * FormData with product_id and files (up to 10): the good files are kept, each refused one named;
   * answers once the originals are stored.
   */
  upload: uploadProcedure
    .input(z.instanceof(FormData))
    .output(ZProductImageUploadResult)
    .mutation(async ({ ctx, input }) => {
      const { fields, files } = await readFormData(input);
      const { product_id } = parseInput(ZProductImageUploadFields, fields);
      const { added, refused } = await addProductImages(
        ctx.app,
        product_id,
        files.filter((f) => f.field === 'files'),
        'each',
      );
      return { added, message: imagesAddedMessage(added), refused };
    }),
  delete: adminProcedure.input(ZIdInput).mutation(async ({ ctx, input }) => {
    await deleteProductImage(ctx.app, input.id);
    return { ok: true };
  }),
  reorder: adminProcedure.input(ZProductImageReorder).mutation(async ({ ctx, input }) => {
    await reorderProductImages(ctx.app, input.product_id, input.order);
    return { ok: true };
  }),
});
