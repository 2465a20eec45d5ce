import type { EntityManager } from '@mikro-orm/core';
import type { ProductDto } from '../../shared/catalog.ts';
import { toProductDto } from './catalog.mapper.ts';
import type { IProduct } from './product.entity.ts';
import { ProductImage } from './product-image.entity.ts';

/** Gallery URLs of many products in one query, keyed by product id, in gallery order. */
export async function galleries(em: EntityManager, productIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (productIds.length === 0) return map;
  const rows = await em.find(ProductImage, { product: { $in: productIds } }, { orderBy: { position: 'asc', id: 'asc' } });
  for (const r of rows) {
    const id = r.product.id;
    map.set(id, [...(map.get(id) ?? []), r.url]);
  }
  return map;
}

/** Products as the API returns them, each with its gallery. */
export async function withGalleries(em: EntityManager, products: IProduct[]): Promise<ProductDto[]> {
  const g = await galleries(
    em,
    products.map((p) => p.id),
  );
  return products.map((p) => toProductDto(p, g.get(p.id)));
}
