import { msg } from '@lingui/core/macro';
import type { LegalPageSlug } from '../../../shared/legal-pages.ts';

/**
 * The legal pages' titles (their texts stay in Portuguese: src/legal/templates.ts says why). A
 * file of its own: the page imports it without pulling page-head.ts into the first download.
 */
export const LEGAL_TITLES = {
  'trocas-e-devolucoes': msg`Trocas e devoluções`,
  'politica-de-privacidade': msg`Política de privacidade`,
  'termos-de-uso': msg`Termos de uso`,
} satisfies Record<LegalPageSlug, unknown>;
