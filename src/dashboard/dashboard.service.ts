import type { z } from 'zod';
import type { ZDashboard } from '../../shared/catalog.ts';
import { Collection } from '../catalog/collection.entity.ts';
import { Product } from '../catalog/product.entity.ts';
import { Banner } from '../content/banner.entity.ts';
import type { AppContext } from '../context.ts';
import { Review } from '../reviews/review.entity.ts';

/** The admin dashboard's counts (spec §2: products, collections and banners; the issue adds reviews). */
export async function dashboardCounts(ctx: AppContext): Promise<z.infer<typeof ZDashboard>> {
  const products = await ctx.em.count(Product, {});
  const collections = await ctx.em.count(Collection, {});
  const banners = await ctx.em.count(Banner, {});
  const reviews = await ctx.em.count(Review, {});
  return { products, collections, banners, reviews };
}
