import type { CollectionDto, ProductDto } from '../../shared/catalog.ts';
import type { ICollection } from './collection.entity.ts';
import type { IProduct } from './product.entity.ts';

/**
 * `image_url` is the first gallery image, derived here so an answer never shows a deleted image;
 * products.image_url is only a fallback for rows without a gallery (an external URL, say).
 */
export const toProductDto = (p: IProduct, images: string[] = []): ProductDto => productDto(p, images);

/** The fields of a product the API shows, from an entity or a row read without one. */
type ProductFields = Pick<
  IProduct,
  'id' | 'title' | 'slug' | 'description' | 'price' | 'old_price' | 'image_url' | 'shopify_product_id' | 'position'
> & { collection?: { id: number } | null | undefined };

export function productDto(p: ProductFields, images: string[] = []): ProductDto {
  const gallery = images.length ? images : p.image_url ? [p.image_url] : [];
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    description: p.description,
    price: p.price,
    old_price: p.old_price ?? null,
    image_url: gallery[0] ?? '',
    images: gallery,
    collection_id: p.collection?.id ?? null,
    shopify_product_id: p.shopify_product_id,
    position: p.position,
  };
}

export function toCollectionDto(c: ICollection): CollectionDto {
  return { id: c.id, name: c.name, slug: c.slug, sort_order: c.sort_order, active: c.active };
}
