import { MESSAGES } from '../../shared/errors.ts';
import type { ReviewDto, ReviewListDto, ReviewStats } from '../../shared/reviews.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';

/** Average to one decimal (0 when there is none) and a count for each of the five star values. */
export function reviewStats(ratings: number[]): ReviewStats {
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let sum = 0;
  for (const r of ratings) {
    if (r >= 1 && r <= 5) distribution[r as 1 | 2 | 3 | 4 | 5]++;
    sum += r;
  }
  const total = ratings.length;
  return { average: total ? Math.round((sum * 10) / total) / 10 : 0, total, distribution };
}

/**
 * A product's reviews (oldest first) as one JSON array, a column of a statement over `products p`:
 * the product page reads them with the product (findProductBySlug) and keeps them for the request
 * (rememberReviews), so rendering the page costs one statement instead of two.
 */
export const REVIEWS_OF_P = `coalesce((select json_agg(json_build_object('id', r.id, 'reviewer_name', r.reviewer_name,
  'reviewer_city', r.reviewer_city, 'rating', r.rating, 'review_text', r.review_text) order by r.id)
  from reviews r where r.product_id = p.id), '[]')`;

/** The reviews and their stats from a REVIEWS_OF_P column (JSON text or already parsed, by driver). */
function reviewList(column: unknown): ReviewListDto {
  const reviews = (typeof column === 'string' ? JSON.parse(column) : column) as ReviewDto[];
  return { reviews, stats: reviewStats(reviews.map((r) => r.rating)) };
}

/** Keeps a product's reviews, read with REVIEWS_OF_P, for listReviews in the same request. */
export function rememberReviews(ctx: AppContext, productId: number, column: unknown): void {
  ctx.memo ??= {};
  ctx.memo.reviews = { productId, list: reviewList(column) };
}

/**
 * A product's reviews (oldest first) with their stats, for the product page. One statement tells
 * both whether the product exists (no row) and its reviews; none at all when the request already
 * read them with the product.
 */
export async function listReviews(ctx: AppContext, productId: number): Promise<ReviewListDto> {
  await assertStoreVisible(ctx);
  const known = ctx.memo?.reviews;
  if (known?.productId === productId) return known.list;
  const [row] = await ctx.em
    .getConnection()
    .execute<{ reviews: unknown }[]>(`select ${REVIEWS_OF_P} as reviews from products p where p.id = ?`, [productId]);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.productNotFound);
  return reviewList(row.reviews);
}
