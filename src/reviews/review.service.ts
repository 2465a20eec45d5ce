import { MESSAGES } from '../../shared/errors.ts';
import type { ReviewListDto, ReviewStats } from '../../shared/reviews.ts';
import { Product } from '../catalog/product.entity.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { Review } from './review.entity.ts';

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

/** A product's reviews (oldest first) with their stats, for the product page. */
export async function listReviews(ctx: AppContext, productId: number): Promise<ReviewListDto> {
  await assertStoreVisible(ctx);
  const product = await ctx.em.findOne(Product, { id: productId }, { fields: ['id'] });
  if (!product) throw new AppError('NOT_FOUND', MESSAGES.productNotFound);
  const rows = await ctx.em.find(Review, { product: productId }, { orderBy: { id: 'asc' } });
  return {
    reviews: rows.map((r) => ({
      id: r.id,
      reviewer_name: r.reviewer_name,
      reviewer_city: r.reviewer_city,
      rating: r.rating,
      review_text: r.review_text,
    })),
    stats: reviewStats(rows.map((r) => r.rating)),
  };
}
