/**
 * Search normalisation: lower case, accents removed, so "Camisa Açaí" is found by "acai".
 * The same function builds products.search_text on write and the query terms on read.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A prefix query for to_tsquery('simple', ...): every word must start a word of the product. */
export function toPrefixQuery(q: string): string | null {
  const words = normalizeForSearch(q).split(' ').filter(Boolean).slice(0, 8);
  if (words.length === 0) return null;
  return words.map((w) => `${w.replace(/[^\p{L}\p{N}]/gu, '')}:*`).join(' & ');
}

/** Text indexed for a product: its title weighs most, but description words are found too. */
export const productSearchText = (title: string, description: string): string =>
  normalizeForSearch(`${title} ${description}`).slice(0, 4000);
