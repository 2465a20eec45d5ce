import { useLingui } from '@lingui/react/macro';
import type { LegalPageSlug } from '../../../shared/legal-pages.ts';

/** The legal pages' names in the admin's language. */
export function useLegalTitles(): Record<LegalPageSlug, string> {
  const { t } = useLingui();
  return {
    'trocas-e-devolucoes': t`Trocas e devoluções`,
    'politica-de-privacidade': t`Política de privacidade`,
    'termos-de-uso': t`Termos de uso`,
  };
}
