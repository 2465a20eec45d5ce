import type { LegalView } from './legal-info.ts';

/**
 * The legal pages' texts (shared/legal-pages.ts names the pages): their limits, placeholders and
 * how a text becomes blocks. Apart from the pages' slugs so the storefront's first download, which
 * needs only those, does not carry this (the admin's editor and the server do).
 */

/** The longest text a page may have (the CDC and LGPD texts of the templates are about 5,000 characters). */
export const LEGAL_TEXT_MAX = 30_000;
export const LEGAL_TEXT_MESSAGES = {
  empty: 'O texto da página não pode ficar vazio. Para voltar ao modelo, use "Restaurar modelo".',
  tooLong: `O texto da página deve ter no máximo ${LEGAL_TEXT_MAX.toLocaleString('pt-BR')} caracteres`,
} as const;

/** A text block of a page: a heading ('## '), a paragraph, or a list (consecutive '- ' lines). */
export type LegalBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };
/** The placeholders a text may hold, each filled from the shop's data (shared/legal-info.ts). */
export const LEGAL_PLACEHOLDERS = {
  loja: (v: LegalView) => v.name,
  razao_social: (v: LegalView) => v.legalName,
  nome_da_loja: (v: LegalView) => v.siteTitle,
  documento: (v: LegalView) => v.taxId,
  cnpj_cpf: (v: LegalView) => v.taxIdNumber,
  endereco: (v: LegalView) => v.address,
  email: (v: LegalView) => v.email,
  telefone: (v: LegalView) => v.phone,
} as const;
export type LegalPlaceholder = keyof typeof LEGAL_PLACEHOLDERS;

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/**
 * Fills a page's placeholders with the shop's data. A line that names a placeholder the owner left
 * empty (no phone, no CNPJ yet) is left out whole, so no page says 'Telefone: ' with nothing after
 * it. Unknown names ('{foo}') stay as typed.
 */
export function fillLegalText(text: string, view: LegalView): string {
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    let empty = false;
    const filled = line.replace(PLACEHOLDER, (whole, name: string) => {
      const fill = (LEGAL_PLACEHOLDERS as Record<string, (v: LegalView) => string>)[name];
      if (!fill) return whole;
      const value = fill(view);
      if (!value) empty = true;
      return value;
    });
    if (!empty) lines.push(filled);
  }
  return lines.join('\n');
}

/** A page's text as blocks: '## ' starts a heading, '- ' a list item, any other line is a paragraph; blank lines separate. */
export function legalBlocks(text: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const last = blocks[blocks.length - 1];
    if (line.startsWith('## ')) blocks.push({ kind: 'heading', text: line.slice(3).trim() });
    else if (/^[-*] /.test(line)) {
      if (last?.kind === 'list') last.items.push(line.slice(2).trim());
      else blocks.push({ kind: 'list', items: [line.slice(2).trim()] });
    } else blocks.push({ kind: 'paragraph', text: line });
  }
  return blocks;
}
