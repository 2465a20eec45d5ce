import type { EntityManager } from '@mikro-orm/core';
import type { ProductCardDto, ProductDto } from '../../shared/catalog.ts';
import { productDto } from './catalog.mapper.ts';

/** The columns every read of products has: all but the description and the photos. */
const BASE_COLUMNS = `p.id, p.title, p.slug, p.price::text as price, p.old_price::text as old_price,
  p.collection_id, p.shopify_product_id, p.position`;

/**
 * The columns of a product card (ProductCardDto): its first photo (the gallery's, else the
 * `image_url` column, as productDto has it), without the description and the rest of the gallery,
 * which only the product page shows (a merchant's descriptions run to kilobytes; a collection page
 * has 24 cards). product_images_product_idx answers the photo with one index row.
 */
export const CARD_COLUMNS = `${BASE_COLUMNS},
  coalesce((select i.url from product_images i where i.product_id = p.id order by i.position, i.id limit 1), p.image_url) as image_url`;

/**
 * Products as the API shows them, read without entities: one statement gives the rows and their
 * galleries (product_images_product_idx answers each), mapped straight to DTOs. For public reads
 * that only show products (pages, lists, streams): no identity map, no hydration, one round trip.
 * Writes and the admin go through the entities.
 */
export const PRODUCT_COLUMNS = `p.description, ${BASE_COLUMNS}, p.image_url,
  array(select i.url from product_images i where i.product_id = p.id order by i.position, i.id) as images`;

/** A row read with PRODUCT_COLUMNS. */
export type ProductRow = {
  id: number;
  title: string;
  slug: string;
  description: string;
  price: string;
  old_price: string | null;
  image_url: string;
  collection_id: number | null;
  shopify_product_id: string;
  position: number;
  images: string[] | null;
};

export const rowToProductDto = (r: ProductRow): ProductDto =>
  productDto({ ...r, collection: r.collection_id === null ? null : { id: r.collection_id } }, r.images ?? []);

/** A row read with CARD_COLUMNS. */
export type CardRow = Omit<ProductRow, 'description' | 'images'>;

export const rowToProductCard = (r: CardRow): ProductCardDto => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  price: r.price,
  old_price: r.old_price ?? null,
  image_url: r.image_url,
  collection_id: r.collection_id,
  shopify_product_id: r.shopify_product_id,
  position: r.position,
});

/** `select CARD_COLUMNS from products p <rest>`, as productRows. */
export async function cardRows(em: EntityManager, rest: string, params: unknown[]): Promise<ProductCardDto[]> {
  const rows = await em.getConnection().execute<CardRow[]>(`select ${CARD_COLUMNS} from products p ${rest}`, params);
  return rows.map(rowToProductCard);
}

/**
 * `select PRODUCT_COLUMNS from products p <rest>`: `rest` holds the conditions, order and limit
 * (placeholders `?`, values in `params`).
 */
export async function productRows(em: EntityManager, rest: string, params: unknown[]): Promise<ProductDto[]> {
  const rows = await em.getConnection().execute<ProductRow[]>(`select ${PRODUCT_COLUMNS} from products p ${rest}`, params);
  return rows.map(rowToProductDto);
}

/** The cards of products `ids`, in that order (missing ones left out). */
export async function cardsByIds(em: EntityManager, ids: readonly number[]): Promise<ProductCardDto[]> {
  if (ids.length === 0) return [];
  const found = await cardRows(em, `where p.id in (${ids.map(() => '?').join(',')})`, [...ids]);
  const byId = new Map(found.map((p) => [p.id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
