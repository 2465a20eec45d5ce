import { z } from 'zod';
import { zBool, zIntBetween } from './coerce.ts';
import { INVALID_COLOR_MESSAGE, isCssColor } from './css-color.ts';
import { zId } from './ids.ts';
import { zLine, zName } from './text-fields.ts';
import { hasControlChars } from './text-rules.ts';

export const ZBanner = z.object({
  id: z.number(),
  title: z.string(),
  href: z.string(),
  image_url: z.string(),
  /** The image for phones (21:9, below 768 px); '' when the banner has none. */
  mobile_image_url: z.string(),
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
export type FooterLinkDto = z.infer<typeof ZFooterLink>;

/**
 * The law's information as the footer shows it (Decreto 7.962/2013, art. 2), formatted on the
 * server (shared/legal-info.ts) so the browser ships no CNPJ/CPF, CEP or phone formatting code;
 * null while the owner gave nothing beyond the shop's title.
 */
export const ZLegalFooter = z.object({
  name: z.string(),
  taxId: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  phoneDial: z.string(),
});
export type LegalFooterDto = z.infer<typeof ZLegalFooter>;

/** Everything the shared storefront layout draws around a page. */
export const ZLayout = z.object({
  topHeaders: z.array(ZTopHeader),
  footerSections: z.array(ZFooterSection),
  footerIcons: z.array(ZFooterIcon),
  legal: ZLegalFooter.nullable(),
});
export type LayoutDto = z.infer<typeof ZLayout>;

/** Spec §8 texts for content: toasts go in the legacy `message` field, the rest in `error`. */
export const CONTENT_MESSAGES = {
  imageRequired: 'Selecione uma imagem',
  bannerCreated: 'Banner criado!',
  bannerUpdated: 'Banner atualizado!',
  bannerDeleted: 'Banner excluído',
  bannerNotFound: 'Banner não encontrado',
  topHeaderCreated: 'Top Header criado!',
  topHeaderUpdated: 'Top Header atualizado!',
  topHeaderDeleted: 'Top Header excluído',
  topHeaderNotFound: 'Top Header não encontrado',
  topHeaderTextRequired: 'Informe o texto do Top Header',
  iconCreated: 'Ícone adicionado com sucesso',
  iconActivated: 'Ícone ativado',
  iconDeactivated: 'Ícone desativado',
  iconDeleted: 'Ícone removido',
  iconNotFound: 'Ícone não encontrado',
  sectionCreated: 'Seção adicionada',
  sectionDeleted: 'Seção removida',
  sectionNotFound: 'Seção não encontrada',
  sectionCannotMove: 'A seção já está na ponta',
  sectionTitleRequired: 'Informe o título da seção',
  linkCreated: 'Link adicionado',
  linkUpdated: 'Link atualizado',
  linkDeleted: 'Link removido',
  linkNotFound: 'Link não encontrado',
  linkLabelRequired: 'Informe o texto do link',
  invalidLink: 'Link inválido',
  textTooLong: 'Texto muito longo',
} as const;

/** Top header colours when none is given (spec §9). */
export const TOP_HEADER_DEFAULTS = { bg_color: '#003e64', text_color: '#ffffff' } as const;
/** Banners and top headers start at 1 (spec §9); icons, sections and links use the table default. */
export const DEFAULT_SORT_ORDER = 1;

const SORT_LIMIT = 1_000_000_000;
/** A row's sort order as number or numeric text; blank means "not given" (multipart sends text). */
export const SORT_ORDER_MESSAGE = 'Ordem inválida: use um número inteiro de -1.000.000.000 a 1.000.000.000';
export const zSortOrder = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  zIntBetween(-SORT_LIMIT, SORT_LIMIT, SORT_ORDER_MESSAGE).optional(),
);

/** Trimmed text (a display name, or a plain line); null counts as empty, as old clients send it. */
const zText = (field: typeof zLine) => (max: number) =>
  z
    .string()
    .nullable()
    .transform((v) => v ?? '')
    .pipe(field({ max, tooLong: CONTENT_MESSAGES.textTooLong, trim: true }));
const zLabel = zText(zName);
const zPlain = zText(zLine);

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
/** A link target may be empty (plain text), relative, or http(s)/mailto/tel; never `javascript:` and the like. */
export function isSafeLinkUrl(url: string): boolean {
  // Browsers drop tabs and newlines inside URLs, so `java\nscript:` must not slip past the scheme check.
  if (hasControlChars(url)) return false;
  const scheme = SCHEME.exec(url)?.[1];
  return !scheme || SAFE_SCHEMES.has(scheme.toLowerCase());
}
/** Checked by the services with isSafeLinkUrl (control characters included), answering the spec's 'Link inválido'. */
const zLinkUrl = z
  .string()
  .nullable()
  .transform((v) => (v ?? '').trim())
  .pipe(z.string().max(2000, CONTENT_MESSAGES.textTooLong));

/** Colour fields take a picker value or a colour typed as text (shared/css-color.ts); blank means default. */
const zColor = zPlain(64).refine((v) => v === '' || isCssColor(v), INVALID_COLOR_MESSAGE);

export const ZBannerFields = z.object({ title: zLabel(255).optional(), href: zLinkUrl.optional(), sort_order: zSortOrder });
export type BannerFields = z.infer<typeof ZBannerFields>;
/** `remove_mobile_image` (0/1) clears the phone image; a `mobile_image` file sent with it wins. */
export const ZBannerUpdate = ZBannerFields.extend({ id: zId, remove_mobile_image: zBool.optional() });
export type BannerUpdate = z.infer<typeof ZBannerUpdate>;

export const ZTopHeaderCreate = z.object({
  text: zLabel(500),
  bg_color: zColor.optional(),
  text_color: zColor.optional(),
  sort_order: zSortOrder,
});
export type TopHeaderCreate = z.infer<typeof ZTopHeaderCreate>;
export const ZTopHeaderUpdate = ZTopHeaderCreate.partial().extend({ id: zId });
export type TopHeaderUpdate = z.infer<typeof ZTopHeaderUpdate>;

export const ZFooterIconFields = z.object({ alt_text: zLabel(255).optional(), sort_order: zSortOrder });
export type FooterIconFields = z.infer<typeof ZFooterIconFields>;
/** `active` as 0/1, '0'/'1' or true/false; left out, the icon flips. */
export const ZFooterIconToggle = z.object({ id: zId, active: zBool.optional() });

export const ZFooterSectionCreate = z.object({ title: zLabel(255), sort_order: zSortOrder });
export type FooterSectionCreate = z.infer<typeof ZFooterSectionCreate>;
/** 'Mover para cima/baixo' of a footer column: one place, computed by the server from its own order. */
export const ZFooterSectionMove = z.object({ id: zId, direction: z.enum(['up', 'down']) });
export type FooterSectionMove = z.infer<typeof ZFooterSectionMove>;

export const ZFooterLinkCreate = z.object({ section_id: zId, label: zLabel(255), url: zLinkUrl.optional(), sort_order: zSortOrder });
export type FooterLinkCreate = z.infer<typeof ZFooterLinkCreate>;
export const ZFooterLinkUpdate = z.object({ id: zId, label: zLabel(255).optional(), url: zLinkUrl.optional(), sort_order: zSortOrder });
export type FooterLinkUpdate = z.infer<typeof ZFooterLinkUpdate>;
