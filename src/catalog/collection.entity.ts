import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const Collection = defineEntity({
  name: 'Collection',
  tableName: 'collections',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string(),
    slug: p.string().unique(),
    sort_order: p.integer().default(0),
    active: p.boolean().default(true),
    created_at: p.datetime().onCreate(() => new Date()),
    updated_at: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type ICollection = InferEntity<typeof Collection>;
