import { REVIEW_CSV_LIMITS, REVIEW_PREVIEW_LIMITS, type ReviewImportPreview } from '../../shared/reviews.ts';
import { Product } from '../catalog/product.entity.ts';
import type { AppContext } from '../context.ts';
import { type Upload, uploadBytes } from '../media/media.service.ts';
import { reviewsPerProduct } from './distribute.ts';
import { analyzeReviewCsv, distinctReviews } from './review-csv.ts';

/**
 * The import's dry run: reads the CSV with exactly the import's rules (same reader, same
 * messages) and reports what it found without writing anything. A file the import would refuse
 * as a whole (no file, not a CSV, bad header...) is refused here with the same message.
 */
export async function previewReviewImport(ctx: AppContext, input: { file: Upload | undefined }): Promise<ReviewImportPreview> {
  const reading = analyzeReviewCsv(input.file && (await uploadBytes(input.file, REVIEW_CSV_LIMITS.maxBytes)));
  const products = await ctx.em.count(Product, {});
  const distinct = distinctReviews(reading.rows.map((r) => r.review)).length;
  return {
    separator: reading.separator,
    encoding: reading.encoding,
    total_rows: reading.rows.length + reading.errors.length,
    valid_rows: reading.rows.length,
    distinct_rows: distinct,
    products,
    per_product: reviewsPerProduct(products, distinct),
    rows: reading.rows.slice(0, REVIEW_PREVIEW_LIMITS.rows).map((r) => ({ line: r.line, ...r.review })),
    errors: reading.errors.slice(0, REVIEW_PREVIEW_LIMITS.errors),
    error_count: reading.errors.length,
  };
}
