/**
 * The three legal pages (issue 18 part 3), at stable pt-BR addresses: 'Trocas e devoluções' (the
 * 7-day right of withdrawal, CDC art. 49), 'Política de privacidade' (LGPD) and 'Termos de uso'.
 * Each is the owner's text, or its template while the owner has not changed it; the shop's data is
 * filled in at render ({loja}, {documento}, …).
 */
export const LEGAL_PAGES = ['trocas-e-devolucoes', 'politica-de-privacidade', 'termos-de-uso'] as const;
export type LegalPageSlug = (typeof LEGAL_PAGES)[number];
export const legalPath = (slug: LegalPageSlug) => `/${slug}`;
