import {
  CONTENT_MESSAGES,
  type FooterLinkCreate,
  type FooterLinkDto,
  type FooterLinkUpdate,
  type FooterSectionCreate,
  type FooterSectionDto,
  type FooterSectionMove,
} from '../../shared/content.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { idempotentCreate } from '../idempotency/idempotency.service.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { bySortOrder, toFooterLinkDto } from './content.mapper.ts';
import { FooterLink, FooterSection } from './footer.entity.ts';
import { checkedLinkUrl } from './link-url.ts';

function nonBlank(value: string, message: string, field: string): string {
  const v = value.trim();
  if (!v) throw new AppError('BAD_REQUEST', message, undefined, field);
  return v;
}

/** Footer columns in display order, each with its links in order. */
export async function listFooterSections(ctx: AppContext): Promise<FooterSectionDto[]> {
  await assertStoreVisible(ctx);
  const sections = await ctx.em.find(FooterSection, {}, { orderBy: bySortOrder });
  const links = await ctx.em.find(FooterLink, {}, { orderBy: bySortOrder });
  return sections.map((s) => ({
    id: s.id,
    title: s.title,
    sort_order: s.sort_order,
    links: links.filter((l) => l.section.id === s.id).map(toFooterLinkDto),
  }));
}

/** A section needs a non-blank title (spec §5); it starts without links. */
export const createFooterSection = idempotentCreate(
  'footer_sections.create',
  async (ctx: AppContext, input: FooterSectionCreate): Promise<FooterSectionDto> => {
    const s = ctx.em.create(FooterSection, {
      title: nonBlank(input.title, CONTENT_MESSAGES.sectionTitleRequired, 'title'),
      ...(input.sort_order === undefined ? {} : { sort_order: input.sort_order }),
    });
    await ctx.em.flush();
    return { id: s.id, title: s.title, sort_order: s.sort_order, links: [] };
  },
);

/**
 * Moves a section one place earlier ('up') or later ('down') among the footer's columns, from the
 * order the database has now (never from a list the browser may hold stale), and numbers every
 * section 1..n in one transaction. The first cannot go up nor the last down (spec §5).
 */
export async function moveFooterSection(ctx: AppContext, input: FooterSectionMove): Promise<FooterSectionDto[]> {
  await ctx.em.transactional(async (em) => {
    const sections = await em.find(FooterSection, {}, { orderBy: bySortOrder });
    const from = sections.findIndex((s) => s.id === input.id);
    if (from < 0) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.sectionNotFound);
    const to = input.direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= sections.length) throw new AppError('BAD_REQUEST', CONTENT_MESSAGES.sectionCannotMove);
    [sections[from], sections[to]] = [sections[to]!, sections[from]!];
    sections.forEach((s, i) => {
      s.sort_order = i + 1;
    });
  });
  return listFooterSections(ctx);
}

/** Deletes a section; the database removes its links in the same statement (on delete cascade). */
export async function deleteFooterSection(ctx: AppContext, id: number): Promise<void> {
  const n = await ctx.em.nativeDelete(FooterSection, { id });
  if (n === 0) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.sectionNotFound);
}

/** A link needs an existing section and a non-blank label; an empty URL makes it plain text (spec §5). */
export const createFooterLink = idempotentCreate(
  'footer_links.create',
  async (ctx: AppContext, input: FooterLinkCreate): Promise<FooterLinkDto> => {
    const label = nonBlank(input.label, CONTENT_MESSAGES.linkLabelRequired, 'label');
    const url = checkedLinkUrl(input.url ?? '', 'url');
    const section = await ctx.em.findOne(FooterSection, { id: input.section_id });
    if (!section) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.sectionNotFound);
    const link = ctx.em.create(FooterLink, {
      section,
      label,
      url,
      ...(input.sort_order === undefined ? {} : { sort_order: input.sort_order }),
    });
    await ctx.em.flush();
    return toFooterLinkDto(link);
  },
);

/** Changes label, URL or sort order with the same rules as create. */
export async function updateFooterLink(ctx: AppContext, input: FooterLinkUpdate): Promise<FooterLinkDto> {
  // Checked before any change: a refused request must leave nothing dirty for a later flush.
  const label = input.label === undefined ? undefined : nonBlank(input.label, CONTENT_MESSAGES.linkLabelRequired, 'label');
  const url = input.url === undefined ? undefined : checkedLinkUrl(input.url, 'url');
  const link = await ctx.em.findOne(FooterLink, { id: input.id });
  if (!link) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.linkNotFound);
  if (label !== undefined) link.label = label;
  if (url !== undefined) link.url = url;
  if (input.sort_order !== undefined) link.sort_order = input.sort_order;
  await ctx.em.flush();
  return toFooterLinkDto(link);
}

export async function deleteFooterLink(ctx: AppContext, id: number): Promise<void> {
  const n = await ctx.em.nativeDelete(FooterLink, { id });
  if (n === 0) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.linkNotFound);
}
