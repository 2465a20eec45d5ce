import { z } from 'zod';

export const ZBanner = z.object({
  id: z.number(),
  title: z.string(),
  href: z.string(),
  image_url: z.string(),
  sort_order: z.number(),
  active: z.boolean(),
});
export type BannerDto = z.infer<typeof ZBanner>;

export const ZTopHeader = z.object({
  id: z.number(),
  text: z.string(),
  bg_color: z.string(),
  text_color: z.string(),
  sort_order: z.number(),
});
export type TopHeaderDto = z.infer<typeof ZTopHeader>;

export const ZFooterIcon = z.object({
  id: z.number(),
  image_url: z.string(),
  alt_text: z.string(),
  active: z.boolean(),
  sort_order: z.number(),
});
export type FooterIconDto = z.infer<typeof ZFooterIcon>;

export const ZFooterLink = z.object({
  id: z.number(),
  section_id: z.number(),
  label: z.string(),
  url: z.string(),
  sort_order: z.number(),
});
export const ZFooterSection = z.object({
  id: z.number(),
  title: z.string(),
  sort_order: z.number(),
  links: z.array(ZFooterLink),
});
export type FooterSectionDto = z.infer<typeof ZFooterSection>;

/** Everything the shared storefront layout draws around a page. */
export const ZLayout = z.object({
  topHeaders: z.array(ZTopHeader),
  footerSections: z.array(ZFooterSection),
  footerIcons: z.array(ZFooterIcon),
});
export type LayoutDto = z.infer<typeof ZLayout>;
