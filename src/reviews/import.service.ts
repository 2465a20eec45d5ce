import type { ReviewImportResult } from '../../shared/reviews.ts';
import { REVIEW_CSV_LIMITS, REVIEW_MESSAGES } from '../../shared/reviews.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { idempotentCreate } from '../idempotency/idempotency.service.ts';
import { type Upload, uploadBytes } from '../media/media.service.ts';
import { cryptoRandom, planDistribution, type Random } from './distribute.ts';
import { Review } from './review.entity.ts';
import { distinctReviews, readReviewCsv } from './review-csv.ts';

/** Rows per INSERT: 5 parameters each stays far below PostgreSQL's 65535 per statement. */
const CHUNK = 1000;

/**
 * Imports a review CSV (spec §9): every product gets 4 to 7 reviews drawn from the file's rows,
 * no row given twice (see planDistribution for files too short for everyone). The file is fully
 * checked before the database is touched; clearing, and every insert run in ONE transaction, so
 * a failure or a killed process leaves the previous reviews as they were.
 */
export const importReviews = idempotentCreate('reviews.import', {
  prepare: async (_ctx: AppContext, input: ImportInput, random: Random = cryptoRandom) => ({
    parsed: readReviewCsv(input.file && (await uploadBytes(input.file, REVIEW_CSV_LIMITS.maxBytes))),
    input,
    random,
  }),
  commit: (ctx, { parsed, input, random }) => insertReviews(ctx, parsed, input, random),
  identity: ([input]) => input,
});

type ImportInput = { file: Upload | undefined; clearExisting: boolean };

async function insertReviews(
  ctx: AppContext,
  parsed: ReturnType<typeof readReviewCsv>,
  input: ImportInput,
  random: Random,
): Promise<ReviewImportResult> {
  const rows = distinctReviews(parsed);
  const created = await ctx.em.transactional(async (tx) => {
    const products: { id: number }[] = await tx
      .getConnection()
      .execute('select id from products order by id', [], 'all', tx.getTransactionContext());
    if (products.length === 0) throw new AppError('BAD_REQUEST', REVIEW_MESSAGES.noProducts);
    if (input.clearExisting) await tx.nativeDelete(Review, {});
    const plan = planDistribution(products.length, rows.length, random);
    const inserts = plan.flatMap((rowIndexes, p) => rowIndexes.map((r) => ({ ...rows[r]!, product: products[p]!.id })));
    for (let i = 0; i < inserts.length; i += CHUNK) await tx.insertMany(Review, inserts.slice(i, i + CHUNK));
    return { reviews: inserts.length, products: plan.filter((r) => r.length > 0).length };
  });
  return {
    error: false,
    message: REVIEW_MESSAGES.imported,
    stats: { total_reviews: created.reviews, total_products: created.products, reviews_in_csv: parsed.length },
  };
}
