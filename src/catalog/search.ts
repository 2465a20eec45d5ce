import { PRODUCT_COLUMNS } from './product-rows.ts';

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

/**
 * The search statement, one for the page of results: the GIN index products_search_idx answers the
 * `@@` match (a test checks the plan at 100k products); collection filter and order apply to the
 * matches only, and the page's products are read with their galleries (product-rows.ts).
 */
export function productSearchSql(
  prefixQuery: string,
  collectionId: number | undefined,
  limit: number,
  offset = 0,
): { sql: string; params: (string | number)[] } {
  const inCollection = collectionId ? ' and collection_id = ?' : '';
  return {
    // The matches first (materialized: the planner would otherwise walk products_position_idx in
    // order, testing every row, to find a rare word's few), then their order.
    sql: `select ${PRODUCT_COLUMNS} from (
            with matches as materialized (
              select id, position from products where to_tsvector('simple', search_text) @@ to_tsquery('simple', ?)${inCollection}
            ) select id, position from matches order by position, id limit ? offset ?
          ) m join products p on p.id = m.id order by m.position, m.id`,
    params: collectionId ? [prefixQuery, collectionId, limit, offset] : [prefixQuery, limit, offset],
  };
}
