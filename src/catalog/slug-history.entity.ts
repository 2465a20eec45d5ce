import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Collection } from './collection.entity.ts';
import { Product } from './product.entity.ts';

/** An earlier slug of a product or a collection (migration slug_history); it goes with its owner. */
export const SlugHistory = defineEntity({
  name: 'SlugHistory',
  tableName: 'slug_history',
  properties: {
    id: p.integer().primary().autoincrement(),
    kind: p.string().$type<'product' | 'collection'>(),
    slug: p.string(),
    product: p.manyToOne(Product).nullable().deleteRule('cascade'),
    collection: p.manyToOne(Collection).nullable().deleteRule('cascade'),
    created_at: p.datetime().onCreate(() => new Date()),
  },
});
export type ISlugHistory = InferEntity<typeof SlugHistory>;
