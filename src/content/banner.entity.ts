import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const Banner = defineEntity({
  name: 'Banner',
  tableName: 'banners',
  properties: {
    id: p.integer().primary().autoincrement(),
    title: p.string().default(''),
    href: p.text().default(''),
    image_url: p.text(),
    /** The image for phones (21:9, below 768 px); empty: phones get image_url. */
    mobile_image_url: p.text().default(''),
    sort_order: p.integer().default(1),
    active: p.boolean().default(true),
    created_at: p.datetime().onCreate(() => new Date()),
  },
});
export type IBanner = InferEntity<typeof Banner>;
