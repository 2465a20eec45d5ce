import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Collection } from './collection.entity.ts';

export const Product = defineEntity({
  name: 'Product',
  tableName: 'products',
  properties: {
    id: p.integer().primary().autoincrement(),
    title: p.string(),
    slug: p.string().unique(),
    description: p.text().default(''),
    /** Money travels as a numeric string ("149.90"), never as a float. */
    price: p.decimal('string').precision(12).scale(2),
    old_price: p.decimal('string').precision(12).scale(2).nullable(),
    image_url: p.text().default(''),
    collection: p.manyToOne(Collection).nullable().deleteRule('set null'),
    shopify_product_id: p.string().default(''),
    position: p.integer().default(0),
    /** Lower-case, accent-free title and description words; indexed for search. */
    search_text: p.text().default('').hidden(),
    created_at: p.datetime().onCreate(() => new Date()),
    updated_at: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type IProduct = InferEntity<typeof Product>;
