/**
 * Storefront paths of the catalogue (no zod here: the storefront bundle imports it).
 *
 * The listing of the featured products (those without a collection) is a collection page of its
 * own, at FEATURED_PATH: its slug in the collection page's input is FEATURED_SLUG, '' (no
 * collection has it).
 */
export const FEATURED_SLUG = '';
export const FEATURED_PATH = '/destaques';

/** The storefront path of a collection page, or of the featured listing. */
export const collectionPath = (slug: string): string => (slug === FEATURED_SLUG ? FEATURED_PATH : `/colecao/${encodeURIComponent(slug)}`);
