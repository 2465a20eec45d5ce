import type { BannerDto, FooterIconDto, FooterSectionDto, TopHeaderDto } from '../../shared/content.ts';
import type { AppContext } from '../context.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { Banner } from './banner.entity.ts';
import { FooterIcon, FooterLink, FooterSection } from './footer.entity.ts';
import { TopHeader } from './top-header.entity.ts';

const bySort = { sort_order: 'asc', id: 'asc' } as const;

export async function listBanners(ctx: AppContext, opts: { activeOnly?: boolean } = {}): Promise<BannerDto[]> {
  await assertStoreVisible(ctx);
  const rows = await ctx.em.find(Banner, opts.activeOnly ? { active: true } : {}, { orderBy: bySort });
  return rows.map((b) => ({ id: b.id, title: b.title, href: b.href, image_url: b.image_url, sort_order: b.sort_order, active: b.active }));
}

export async function listTopHeaders(ctx: AppContext): Promise<TopHeaderDto[]> {
  await assertStoreVisible(ctx);
  const rows = await ctx.em.find(TopHeader, {}, { orderBy: bySort });
  return rows.map((t) => ({ id: t.id, text: t.text, bg_color: t.bg_color, text_color: t.text_color, sort_order: t.sort_order }));
}

export async function listFooterIcons(ctx: AppContext, opts: { activeOnly?: boolean } = {}): Promise<FooterIconDto[]> {
  await assertStoreVisible(ctx);
  const rows = await ctx.em.find(FooterIcon, opts.activeOnly ? { active: true } : {}, { orderBy: bySort });
  return rows.map((i) => ({ id: i.id, image_url: i.image_url, alt_text: i.alt_text, active: i.active, sort_order: i.sort_order }));
}

export async function listFooterSections(ctx: AppContext): Promise<FooterSectionDto[]> {
  await assertStoreVisible(ctx);
  const sections = await ctx.em.find(FooterSection, {}, { orderBy: bySort });
  const links = await ctx.em.find(FooterLink, {}, { orderBy: bySort });
  return sections.map((s) => ({
    id: s.id,
    title: s.title,
    sort_order: s.sort_order,
    links: links
      .filter((l) => l.section.id === s.id)
      .map((l) => ({ id: l.id, section_id: s.id, label: l.label, url: l.url, sort_order: l.sort_order })),
  }));
}
