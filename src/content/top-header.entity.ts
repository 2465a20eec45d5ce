import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const TopHeader = defineEntity({
  name: 'TopHeader',
  tableName: 'top_headers',
  properties: {
    id: p.integer().primary().autoincrement(),
    text: p.string(),
    bg_color: p.string().default('#003e64'),
    text_color: p.string().default('#ffffff'),
    sort_order: p.integer().default(1),
    created_at: p.datetime().onCreate(() => new Date()),
  },
});
export type ITopHeader = InferEntity<typeof TopHeader>;
