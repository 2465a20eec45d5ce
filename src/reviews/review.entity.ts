import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Product } from '../catalog/product.entity.ts';

export const Review = defineEntity({
  name: 'Review',
  tableName: 'reviews',
  properties: {
    id: p.integer().primary().autoincrement(),
    product: p.manyToOne(Product).deleteRule('cascade'),
    reviewer_name: p.string(),
    reviewer_city: p.string().default(''),
    rating: p.smallint(),
    review_text: p.text().default(''),
    created_at: p.datetime().onCreate(() => new Date()),
  },
});
export type IReview = InferEntity<typeof Review>;
