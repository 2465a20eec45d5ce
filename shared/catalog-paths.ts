/**
 * Storefront paths of the catalogue (no zod here: the storefront bundle imports it).
 *
 * The listing of the featured products (those without a collection) is a collection page of its
 * own, at FEATURED_PATH: its slug in the collection page's input is FEATURED_SLUG, '' (no
 * collection has it).
 */
export const FEATURED_SLUG = '';
export const FEATURED_PATH = '/destaques';

/** Where the collection pages are (`/colecao/:slug`). */
const COLLECTION_PREFIX = '/colecao/';

/** The storefront path of a collection page, or of the featured listing. */
export const collectionPath = (slug: string): string =>
  slug === FEATURED_SLUG ? FEATURED_PATH : `${COLLECTION_PREFIX}${encodeURIComponent(slug)}`;

/**
 * The query parameters of a collection page and of the featured listing (the contract is documented
 * beside ZCollectionPageInput in shared/catalog.ts): `?ordem=preco-asc&min=50&max=150&promocao=1&pagina=2`.
 */
export const COLLECTION_PARAM = { sort: 'ordem', min: 'min', max: 'max', onSale: 'promocao', page: 'pagina' } as const;

const COLLECTION_PARAMS: readonly string[] = Object.values(COLLECTION_PARAM);
const NONE: readonly string[] = [];

/**
 * The query parameters the storefront page at `path` is rendered from (client/storefront/routes.ts):
 * a collection page's and the featured listing's; every other page reads none of its query.
 */
export const pageQueryParams = (path: string): readonly string[] =>
  path === FEATURED_PATH || path.startsWith(COLLECTION_PREFIX) ? COLLECTION_PARAMS : NONE;
