import { z } from 'zod';
import { ZReviewImportFields, ZReviewImportResult, ZReviewList, ZReviewListInput } from '../../../shared/reviews.ts';
import { importReviews } from '../../../src/reviews/import.service.ts';
import { listReviews } from '../../../src/reviews/review.service.ts';
import { parseInput } from '../../legacy/parse.ts';
import { readForm } from '../form-data.ts';
import { adminProcedure, publicProcedure, router } from '../trpc.ts';

export const reviewsRouter = router({
  list: publicProcedure
    .input(ZReviewListInput)
    .output(ZReviewList)
    .query(({ ctx, input }) => listReviews(ctx.app, input.product_id)),
  /** The CSV import as FormData: `csv` (file) and `clear_existing`, like the legacy form. */
  import: adminProcedure
    .input(z.instanceof(FormData))
    .output(ZReviewImportResult)
    .mutation(async ({ ctx, input }) => {
      const { fields, files } = await readForm(input);
      const { clear_existing } = parseInput(ZReviewImportFields, fields);
      return importReviews(ctx.app, { file: files.find((f) => f.field === 'csv'), clearExisting: clear_existing });
    }),
});
