import { z } from 'zod';
import { ZReviewImportFields, ZReviewImportPreview, ZReviewImportResult, ZReviewList, ZReviewListInput } from '../../../shared/reviews.ts';
import { importReviews } from '../../../src/reviews/import.service.ts';
import { previewReviewImport } from '../../../src/reviews/preview.service.ts';
import { listReviews } from '../../../src/reviews/review.service.ts';
import { readFormData } from '../../input/form.ts';
import { parseInput } from '../../input/parse.ts';
import { publicReadProcedure, router, uploadProcedure } from '../trpc.ts';

export const reviewsRouter = router({
  list: publicReadProcedure
    .input(ZReviewListInput)
    .output(ZReviewList)
    .query(({ ctx, input }) => listReviews(ctx.app, input.product_id)),
  /** The CSV import as FormData: `csv` (file) and `clear_existing`, like the legacy form. */
  import: uploadProcedure
    .input(z.instanceof(FormData))
    .output(ZReviewImportResult)
    .mutation(async ({ ctx, input }) => {
      const { fields, files } = await readFormData(input);
      const { clear_existing } = parseInput(ZReviewImportFields, fields);
      return importReviews(ctx.app, { file: files.find((f) => f.field === 'csv'), clearExisting: clear_existing });
    }),
  /** The import's dry run on the same FormData (`csv`): how the file reads, nothing written. */
  preview: uploadProcedure
    .input(z.instanceof(FormData))
    .output(ZReviewImportPreview)
    .mutation(async ({ ctx, input }) => {
      const { files } = await readFormData(input);
      return previewReviewImport(ctx.app, { file: files.find((f) => f.field === 'csv') });
    }),
});
