import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { Product } from './product.entity.ts';

export const ProductImage = defineEntity({
  name: 'ProductImage',
  tableName: 'product_images',
  properties: {
    id: p.integer().primary().autoincrement(),
    product: p.manyToOne(Product).deleteRule('cascade'),
    url: p.text(),
    file_name: p.string().default(''),
    position: p.integer().default(0),
    /** The address an imported image was fetched from (src/import), '' for uploads. */
    source_url: p.text().default(''),
    created_at: p.datetime().onCreate(() => new Date()),
  },
});
export type IProductImage = InferEntity<typeof ProductImage>;
