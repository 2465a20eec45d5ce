import { z } from 'zod';
import { zBool, zInt } from './coerce.ts';
import { zId } from './ids.ts';

/** Product as every adapter returns it (spec §3): money as numeric strings, images as URLs. */
export const ZProduct = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  price: z.string(),
  old_price: z.string().nullable(),
  image_url: z.string(),
  images: z.array(z.string()),
  collection_id: z.number().nullable(),
  shopify_product_id: z.string(),
  position: z.number(),
});
export type ProductDto = z.infer<typeof ZProduct>;

export const ZCollection = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  sort_order: z.number(),
  active: z.boolean(),
});
export type CollectionDto = z.infer<typeof ZCollection>;

export const ZProductListInput = z
  .object({
    q: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
    collection_id: z.coerce.number().int().positive().optional(),
  })
  .default({});

export const ZProductLookup = z.union([
  z.object({ id: z.coerce.number().int().positive() }),
  z.object({ slug: z.string().min(1).max(300) }),
]);

export const ZHome = z.object({
  featured: z.array(ZProduct),
  sections: z.array(z.object({ collection: ZCollection, products: z.array(ZProduct), has_more: z.boolean() })),
});
export type HomeDto = z.infer<typeof ZHome>;

export const ZDashboard = z.object({ products: z.number(), collections: z.number(), banners: z.number() });

export const ZSlugInput = z.object({ slug: z.string().min(1).max(300) });
export const ZCollectionPage = z.object({ collection: ZCollection, products: z.array(ZProduct) });
export type CollectionPageDto = z.infer<typeof ZCollectionPage>;

const name = z.string().max(200);
export const ZCollectionCreate = z.object({ name });
export const ZCollectionUpdate = z.object({
  id: zId,
  name: name.optional(),
  active: zBool.optional(),
  sort_order: zInt.optional(),
});
export type CollectionUpdate = z.infer<typeof ZCollectionUpdate>;
export const ZCollectionReorder = z.object({
  orders: z.array(z.object({ id: zId, sort_order: zInt })).max(1000),
});
