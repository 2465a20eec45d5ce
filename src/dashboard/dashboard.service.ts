import { Collection } from '../catalog/collection.entity.ts';
import { Product } from '../catalog/product.entity.ts';
import { Banner } from '../content/banner.entity.ts';
import type { AppContext } from '../context.ts';

/** The admin dashboard's counts (spec §2: products, collections and banners). */
export async function dashboardCounts(ctx: AppContext) {
  const products = await ctx.em.count(Product, {});
  const collections = await ctx.em.count(Collection, {});
  const banners = await ctx.em.count(Banner, {});
  return { products, collections, banners };
}
