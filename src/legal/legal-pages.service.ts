import { legalView } from '../../shared/legal-info.ts';
import { LEGAL_PAGES, type LegalPageSlug } from '../../shared/legal-pages.ts';
import type { LegalPageAdminDto, LegalPageDto } from '../../shared/legal-pages-api.ts';
import { fillLegalText, LEGAL_TEXT_MAX, LEGAL_TEXT_MESSAGES, legalBlocks } from '../../shared/legal-text.ts';
import { zBlock } from '../../shared/text-fields.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { loadSettingsRow } from '../settings/settings.repo.ts';
import { assertStoreVisible } from '../settings/store-lock.ts';
import { readLegalTexts, writeLegalText } from './legal-pages.repo.ts';
import { LEGAL_TEMPLATES } from './templates.ts';

/** A page as shoppers read it: the owner's text or the template, filled with the shop's data, in blocks. */
export async function getLegalPage(ctx: AppContext, slug: LegalPageSlug): Promise<LegalPageDto> {
  await assertStoreVisible(ctx);
  const [row, texts] = await Promise.all([loadSettingsRow(ctx.em), readLegalTexts(ctx.em)]);
  const text = texts[slug] ?? LEGAL_TEMPLATES[slug];
  return { slug, blocks: legalBlocks(fillLegalText(text, legalView(row))) };
}

/** Every page as the admin edits it: the stored text (or the template) with its placeholders, and the template. */
export async function listLegalPagesForAdmin(ctx: AppContext): Promise<LegalPageAdminDto[]> {
  const texts = await readLegalTexts(ctx.em);
  return LEGAL_PAGES.map((slug) => ({
    slug,
    text: texts[slug] ?? LEGAL_TEMPLATES[slug],
    template: LEGAL_TEMPLATES[slug],
    customized: texts[slug] !== null,
  }));
}

const ZText = zBlock({ trim: true, max: LEGAL_TEXT_MAX, tooLong: LEGAL_TEXT_MESSAGES.tooLong });

/**
 * Saves the owner's text of a page. Empty is refused (restoring the template is its own action);
 * a text equal to the template is stored as "follows the template", so later template fixes reach it.
 */
export async function updateLegalPage(ctx: AppContext, slug: LegalPageSlug, raw: string): Promise<LegalPageAdminDto> {
  const parsed = ZText.safeParse(raw);
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? LEGAL_TEXT_MESSAGES.empty, undefined, 'text');
  const text = parsed.data.replace(/\r\n?/g, '\n');
  if (!text) throw new AppError('BAD_REQUEST', LEGAL_TEXT_MESSAGES.empty, undefined, 'text');
  await writeLegalText(ctx.em, slug, text === LEGAL_TEMPLATES[slug].trim() ? null : text);
  return pageForAdmin(ctx, slug);
}

/** The page follows its template again. */
export async function restoreLegalTemplate(ctx: AppContext, slug: LegalPageSlug): Promise<LegalPageAdminDto> {
  await writeLegalText(ctx.em, slug, null);
  return pageForAdmin(ctx, slug);
}

async function pageForAdmin(ctx: AppContext, slug: LegalPageSlug): Promise<LegalPageAdminDto> {
  const page = (await listLegalPagesForAdmin(ctx)).find((p) => p.slug === slug);
  if (!page) throw new AppError('NOT_FOUND', 'Página legal desconhecida');
  return page;
}
