import { z } from 'zod';
import { LEGAL_PAGES } from './legal-pages.ts';
import type { LegalBlock } from './legal-text.ts';

/** The legal pages' contracts (tRPC input and output); the pure rules are in legal-pages.ts. */
export const ZLegalPageSlug = z.enum(LEGAL_PAGES, { error: 'Página legal desconhecida' });
export const ZLegalBlock: z.ZodType<LegalBlock> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('heading'), text: z.string() }),
  z.object({ kind: z.literal('paragraph'), text: z.string() }),
  z.object({ kind: z.literal('list'), items: z.array(z.string()) }),
]);
export const ZLegalPage = z.object({ slug: ZLegalPageSlug, blocks: z.array(ZLegalBlock) });
export type LegalPageDto = z.infer<typeof ZLegalPage>;

/** What the admin edits: the text as stored (or the template), the template itself, and whether they differ. */
export const ZLegalPageAdmin = z.object({ slug: ZLegalPageSlug, text: z.string(), template: z.string(), customized: z.boolean() });
export type LegalPageAdminDto = z.infer<typeof ZLegalPageAdmin>;
export const ZLegalPageUpdate = z.object({ slug: ZLegalPageSlug, text: z.string() });
