import type { BannerDto, FooterIconDto, FooterLinkDto, TopHeaderDto } from '../../shared/content.ts';
import type { IBanner } from './banner.entity.ts';
import type { IFooterIcon, IFooterLink } from './footer.entity.ts';
import type { ITopHeader } from './top-header.entity.ts';

/** Rows as every adapter returns them: only the documented fields, never the entity. */
export const toBannerDto = (b: IBanner): BannerDto => ({
  id: b.id,
  title: b.title,
  href: b.href,
  image_url: b.image_url,
  mobile_image_url: b.mobile_image_url,
  sort_order: b.sort_order,
  active: b.active,
});

export const toTopHeaderDto = (t: ITopHeader): TopHeaderDto => ({
  id: t.id,
  text: t.text,
  bg_color: t.bg_color,
  text_color: t.text_color,
  sort_order: t.sort_order,
});

export const toFooterIconDto = (i: IFooterIcon): FooterIconDto => ({
  id: i.id,
  image_url: i.image_url,
  alt_text: i.alt_text,
  active: i.active,
  sort_order: i.sort_order,
});

export const toFooterLinkDto = (l: IFooterLink): FooterLinkDto => ({
  id: l.id,
  section_id: l.section.id,
  label: l.label,
  url: l.url,
  sort_order: l.sort_order,
});

export const bySortOrder = { sort_order: 'asc', id: 'asc' } as const;
