import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const FooterIcon = defineEntity({
  name: 'FooterIcon',
  tableName: 'footer_icons',
  properties: {
    id: p.integer().primary().autoincrement(),
    image_url: p.text(),
    alt_text: p.string().default('Forma de pagamento'),
    active: p.boolean().default(true),
    sort_order: p.integer().default(0),
    created_at: p.datetime().onCreate(() => new Date()),
  },
});
export type IFooterIcon = InferEntity<typeof FooterIcon>;

export const FooterSection = defineEntity({
  name: 'FooterSection',
  tableName: 'footer_sections',
  properties: {
    id: p.integer().primary().autoincrement(),
    title: p.string(),
    sort_order: p.integer().default(0),
    created_at: p.datetime().onCreate(() => new Date()),
  },
});
export type IFooterSection = InferEntity<typeof FooterSection>;

export const FooterLink = defineEntity({
  name: 'FooterLink',
  tableName: 'footer_links',
  properties: {
    id: p.integer().primary().autoincrement(),
    section: p.manyToOne(FooterSection).deleteRule('cascade'),
    label: p.string(),
    url: p.text().default(''),
    sort_order: p.integer().default(0),
    created_at: p.datetime().onCreate(() => new Date()),
  },
});
export type IFooterLink = InferEntity<typeof FooterLink>;
