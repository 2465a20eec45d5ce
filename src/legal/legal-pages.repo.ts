import type { EntityManager } from '@mikro-orm/core';
import type { LegalPageSlug } from '../../shared/legal-pages.ts';

/**
 * The owner's texts of the legal pages: three columns of the one settings row, read apart from the
 * entity (no other request loads them with the settings). null: the page follows its template. A
 * change is a settings change: its trigger drops every cached page (server/public-cache/tags.ts).
 */
const COLUMN: Record<LegalPageSlug, string> = {
  'trocas-e-devolucoes': 'legal_returns_text',
  'politica-de-privacidade': 'legal_privacy_text',
  'termos-de-uso': 'legal_terms_text',
};

export async function readLegalTexts(em: EntityManager): Promise<Record<LegalPageSlug, string | null>> {
  const [row] = await em
    .getConnection()
    .execute<Record<string, string | null>[]>('select legal_returns_text, legal_privacy_text, legal_terms_text from settings where id = 1');
  const out = {} as Record<LegalPageSlug, string | null>;
  for (const [slug, column] of Object.entries(COLUMN)) out[slug as LegalPageSlug] = row?.[column] ?? null;
  return out;
}

/** Stores a page's text (null: back to the template); `updated_at` moves, as for any settings change. */
export async function writeLegalText(em: EntityManager, slug: LegalPageSlug, text: string | null): Promise<void> {
  await em.getConnection().execute(`update settings set ${COLUMN[slug]} = ?, updated_at = now() where id = 1`, [text]);
}
