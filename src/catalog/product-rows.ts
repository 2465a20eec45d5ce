import type { EntityManager } from '@mikro-orm/core';
import type { ProductCardDto, ProductDto } from '../../shared/catalog.ts';
import { productDto } from './catalog.mapper.ts';

/**
 * The columns of a product card (ProductCardDto): everything a product shows but the description,
 * which only the product page shows (a merchant's descriptions run to kilobytes; a collection page
 * has 24 cards).
 */
export const CARD_COLUMNS = `p.id, p.title, p.slug, p.price::text as price, p.old_price::text as old_price,
  p.image_url, p.collection_id, p.shopify_product_id, p.position,
  array(select i.url from product_images i where i.product_id = p.id order by i.position, i.id) as images`;

/**
 * Products as the API shows them, read without entities: one statement gives the rows and their
 * galleries (product_images_product_idx answers each), mapped straight to DTOs. For public reads
 * that only show products (pages, lists, streams): no identity map, no hydration, one round trip.
 * Writes and the admin go through the entities.
 */
export const PRODUCT_COLUMNS = `p.description, ${CARD_COLUMNS}`;

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
export type CardRow = Omit<ProductRow, 'description'>;

export const rowToProductCard = (r: CardRow): ProductCardDto => {
  const { description: _, ...card } = rowToProductDto({ ...r, description: '' });
  return card;
};

/**
 * `select PRODUCT_COLUMNS from products p <rest>`: `rest` holds the conditions, order and limit
 * (placeholders `?`, values in `params`).
 */
export async function productRows(em: EntityManager, rest: string, params: unknown[]): Promise<ProductDto[]> {
  const rows = await em.getConnection().execute<ProductRow[]>(`select ${PRODUCT_COLUMNS} from products p ${rest}`, params);
  return rows.map(rowToProductDto);
}

/** The products of `ids`, in that order (missing ones left out). */
export async function productsByIds(em: EntityManager, ids: readonly number[]): Promise<ProductDto[]> {
  if (ids.length === 0) return [];
  const found = await productRows(em, `where p.id in (${ids.map(() => '?').join(',')})`, [...ids]);
  const byId = new Map(found.map((p) => [p.id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
