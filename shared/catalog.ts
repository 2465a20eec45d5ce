import { z } from 'zod';
import { FEATURED_SLUG } from './catalog-paths.ts';
import { zBool, zInt } from './coerce.ts';
import { COLLECTION_SORTS, DEFAULT_COLLECTION_SORT, normalizeCollectionFilters } from './collection-filters.ts';
import { zId } from './ids.ts';
import { LIMITS } from './limits.ts';
import { zBlock, zLine, zName, zSlug } from './text-fields.ts';

/**
 * A card's payment promises (issue 18), computed on the server (src/catalog/payment.ts, with
 * shared/installments.ts): the Pix price, and the most interest-free instalments (2x or more).
 */
export const ZPaymentSummary = z.object({
  pix: z.string().nullable(),
  installments: z.object({ count: z.number().int(), instalment: z.string() }).nullable(),
});
export type PaymentSummary = z.infer<typeof ZPaymentSummary>;

/** The product page's: the Pix price and percent, and every instalment count offered (1x first). */
export const ZPaymentOptions = z.object({
  pix: z.string().nullable(),
  percent: z.string(),
  plan: z.array(z.object({ count: z.number().int(), instalment: z.string(), total: z.string(), interest: z.boolean() })),
});
export type PaymentOptions = z.infer<typeof ZPaymentOptions>;

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
  /** The storefront's reads only (cards, search): what the shop promises for Pix and installments. */
  payment: ZPaymentSummary.optional(),
  /** The product page's read only: the Pix price and the whole installment table. */
  payment_options: ZPaymentOptions.optional(),
});
export type ProductDto = z.infer<typeof ZProduct>;

/**
 * A product as a card shows it (home, collection pages): its first photo (`image_url`), without its
 * description and the rest of its gallery, which only the product page shows. The pages' hydration
 * state carried every card's: descriptions were about a tenth of a page, and with three photos a
 * product the gallery's other two addresses a quarter of a home's compressed bytes.
 */
export const ZProductCard = ZProduct.omit({ description: true, payment_options: true, images: true });
export type ProductCardDto = z.infer<typeof ZProductCard>;

export const ZCollection = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  sort_order: z.number(),
  active: z.boolean(),
});
export type CollectionDto = z.infer<typeof ZCollection>;

/** An optional number from a query string, where an empty or blank value (`?limit=`, `?limit=%20`) means "not given". */
const zOptionalQueryInt = (min: number, max: number) =>
  z
    .union([z.string().trim().pipe(z.literal('')), z.coerce.number().int().min(min).max(max)])
    .transform((v) => (v === '' ? undefined : v))
    .optional();

const productListShape = {
  q: zLine({ max: LIMITS.searchTermMax }).optional(),
  limit: zOptionalQueryInt(1, 500),
  /** Products to skip (in the list's order) before the `limit` answered. */
  offset: zOptionalQueryInt(0, 10_000_000),
  collection_id: zOptionalQueryInt(1, 2_147_483_647),
};

/**
 * `/api/products/list.php`'s query (spec §7): without `limit` and `q` the whole catalogue, as the
 * contract says (streamed from the database in bounded batches past a size: catalog.service.ts);
 * `limit` (1-500) and `offset` page it; `q` answers at most `limit` (8 by default) matches.
 */
export const ZProductListInput = z.object(productListShape).default({});
export type ProductListInput = z.output<typeof ZProductListInput>;

/**
 * The tRPC catalogue lists: always a page, PRODUCT_PAGE.default products unless `limit` asks for
 * fewer or more (at most PRODUCT_PAGE.max), from `offset`; the next page starts at offset + limit.
 */
export const PRODUCT_PAGE = { default: 50, max: 100 } as const;
export const ZProductPageInput = z
  .object({ ...productListShape, limit: zOptionalQueryInt(1, PRODUCT_PAGE.max) })
  .default({})
  .transform((v) => ({ ...v, limit: v.limit ?? (v.q !== undefined ? LIMITS.searchMaxResults : PRODUCT_PAGE.default) }));

/** `?id=` or `?slug=` (spec §7); the id wins when both are sent. */
export const ZProductLookup = z
  .object({ id: zId.optional(), slug: zSlug.optional() })
  .refine((v) => v.id !== undefined || v.slug !== undefined, { message: 'Informe o id ou o slug do produto', path: ['id'] })
  .transform((v): { id: number } | { slug: string } => (v.id !== undefined ? { id: v.id } : { slug: v.slug ?? '' }));

/** A collection's section on the home: its first products, and whether it has more ('Ver mais'). */
export const ZHomeSection = z.object({ collection: ZCollection, products: z.array(ZProductCard), has_more: z.boolean() });

/**
 * A page of the home's collection sections (LIMITS.homeSectionsPerPage), from the `cursor`-th
 * section on; `next` is where the following page starts, null after the last one.
 */
export const ZHomeSections = z.object({ sections: z.array(ZHomeSection), next: z.number().nullable() });
export type HomeSectionsDto = z.infer<typeof ZHomeSections>;
export const ZHomeSectionsInput = z.object({ cursor: z.number().int().min(0).max(100_000).nullish() });

export const ZHome = z.object({
  /** The first LIMITS.homeFeaturedProducts featured products. */
  featured: z.array(ZProductCard),
  /** More featured products than those: the home links to FEATURED_PATH. */
  featured_has_more: z.boolean(),
  /** The first page of collection sections; `sections_next` starts the next (catalog.homeSections), null when none. */
  sections: z.array(ZHomeSection),
  sections_next: z.number().nullable(),
});
export type HomeDto = z.infer<typeof ZHome>;

export const ZDashboard = z.object({ products: z.number(), collections: z.number(), banners: z.number(), reviews: z.number() });

export const ZSlugInput = z.object({ slug: zSlug });

/**
 * The collection page's sort, filters and paging (spec §2). Its URL carries them, so the server
 * renders the same page and a link can be shared (client/storefront/collection/collection-search.ts):
 *
 *     /colecao/{slug}?ordem=preco-asc&min=50&max=150&promocao=1&pagina=2
 *
 * - `ordem` (`sort`): `posicao` (the owner's order, default, left out of the URL), `preco-asc`,
 *   `preco-desc`, `nome` (accent-aware, ICU root collation), `novidades` (newest first).
 * - `min`, `max`: inclusive price bounds in the shop currency (`49.90` or `49,90`); swapped when
 *   min > max.
 * - `promocao=1` (`on_sale`): only products on sale, old_price > price.
 * - `pagina`: the URL shows that page alone (LIMITS.collectionPageSize products, at most page
 *   LIMITS.collectionLastPage), with links to the pages before and after; the tRPC `cursor` asks
 *   for pages `from`..`to` (the storefront asks for one page at a time).
 *
 * An invalid value is ignored (the default is used): a bad query never fails the page.
 */
export { COLLECTION_SORTS, type CollectionFilters, type CollectionSort } from './collection-filters.ts';

/** Typed fields whose wrong values become "not given"; normalizeCollectionFilters does the rest. */
const zBound = z.number().optional().catch(undefined);
const collectionFilterShape = {
  sort: z.enum(COLLECTION_SORTS).catch(DEFAULT_COLLECTION_SORT),
  min: zBound,
  max: zBound,
  on_sale: z.boolean().catch(false),
};

const zPageNumber = z.number().int().min(1).max(LIMITS.collectionLastPage);
export const ZCollectionCursor = z
  .object({ from: zPageNumber, to: zPageNumber })
  .refine((c) => c.to >= c.from && c.to - c.from < LIMITS.collectionMaxPages);
export type CollectionCursor = z.output<typeof ZCollectionCursor>;

export const ZCollectionPageInput = z
  .object({
    slug: zSlug.or(z.literal(FEATURED_SLUG)),
    ...collectionFilterShape,
    /** Pages from..to (1-based); absent or invalid: the first page. */
    cursor: ZCollectionCursor.nullish().catch(null),
  })
  .transform(({ slug, cursor, ...filters }) => ({ slug, cursor, ...normalizeCollectionFilters(filters) }));
export type CollectionPageInput = z.output<typeof ZCollectionPageInput>;

export const ZCollectionPage = z.object({
  collection: ZCollection,
  /** The products of the pages asked for. */
  products: z.array(ZProductCard),
  /** Products of the collection that match the filters. */
  total: z.number(),
  /** True when pages after these have products. */
  has_more: z.boolean(),
  /** Lowest and highest price in the whole collection, for the filter's hints; null when it is empty. */
  price_range: z.object({ min: z.string(), max: z.string() }).nullable(),
});
export type CollectionPageDto = z.infer<typeof ZCollectionPage>;

const name = zName({ max: 200, tooLong: 'Nome da coleção muito longo (máx 200 caracteres)' });
export const ZCollectionCreate = z.object({ name });
export const ZCollectionUpdate = z.object({
  id: zId,
  name: name.optional(),
  active: zBool.optional(),
  sort_order: zInt.optional(),
});
export type CollectionUpdate = z.infer<typeof ZCollectionUpdate>;
/** collections.create: the collection and, when another one has the same name, a warning saying so. */
export const ZCollectionCreated = z.object({ collection: ZCollection, warning: z.string().nullable() });
export type CollectionCreated = z.infer<typeof ZCollectionCreated>;
/** Two collection names a shopper reads as the same: case, accents and repeated spaces aside. */
export const sameCollectionName = (a: string, b: string) => {
  const plain = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR').replace(/\s+/g, ' ').trim();
  return plain(a) === plain(b);
};
export const collectionSameNameWarning = (name: string, slug: string) =>
  `Já existe uma coleção chamada "${name}". Esta foi criada com o endereço /colecao/${slug}.`;
export const ZCollectionReorder = z.object({
  orders: z.array(z.object({ id: zId, sort_order: zInt })).max(1000),
});

/** Spec texts of the product and gallery operations (spec §5 and §8). */
export const CATALOG_MESSAGES = {
  titleAndPriceRequired: 'Preencha título e preço',
  invalidPrice: 'Preço inválido: use um valor maior ou igual a zero com até 2 casas decimais (ex.: 89,90)',
  invalidOldPrice: 'Preço antigo inválido: use um valor maior ou igual a zero com até 2 casas decimais (ex.: 89,90)',
  unknownCollection: 'Coleção não encontrada',
  tooManyImages: 'Máximo de 10 imagens por vez',
  noImages: 'Selecione ao menos uma imagem',
  imageNotFound: 'Imagem não encontrada',
  duplicateImage: 'A ordem repete uma imagem',
  fileRequired: 'Selecione uma imagem',
} as const;

/** Text that JSON clients may send as a number (prices, Shopify ids) but is handled as a string. */
const zText = (field: typeof zLine) => (max: number, tooLong: string) =>
  z.union([z.string(), z.number()]).transform(String).pipe(field({ max, tooLong }));
const zTitle = zText(zName);
const zDescription = zText(zBlock);
const zValue = zText(zLine);

/** A collection reference: '', 'null', '0', 0 or null mean "no collection" (featured). */
const zCollectionRef = z.union([z.null(), z.literal(['', 'null', '0', 0]).transform(() => null), zId]);

/**
 * Product fields as the multipart form sends them. Title and price are checked by the service so
 * a missing one answers the spec's 'Preencha título e preço'; money is parsed there too.
 */
const productFields = {
  title: zTitle(255, 'Título muito longo (máx 255 caracteres)').optional(),
  description: zDescription(20_000, 'Descrição muito longa (máx 20000 caracteres)').optional(),
  price: zValue(32, CATALOG_MESSAGES.invalidPrice).optional(),
  old_price: z.union([z.null(), zValue(32, CATALOG_MESSAGES.invalidOldPrice)]).optional(),
  collection_id: zCollectionRef.optional(),
  shopify_product_id: zValue(64, 'ID do produto Shopify muito longo (máx 64 caracteres)').optional(),
};
export const ZProductCreate = z.object(productFields);
export type ProductCreate = z.infer<typeof ZProductCreate>;
export const ZProductUpdate = z.object({ id: zId, ...productFields });
export type ProductUpdate = z.infer<typeof ZProductUpdate>;

export const ZProductImage = z.object({ id: z.number(), url: z.string(), file_name: z.string() });
export type ProductImageDto = z.infer<typeof ZProductImage>;
export const ZProductImageListInput = z.object({ product_id: zId });
export const ZProductImageUploadFields = z.object({ product_id: zId });
export const ZProductImageReorder = z.object({ product_id: zId, order: z.array(zId).max(500) });
export const ZUploadResult = z.object({ url: z.string() });
/** The gallery upload toast (spec §8: 'n imagem(ns) adicionada(s)'). */
export const imagesAddedMessage = (n: number) => `${n} imagem(ns) adicionada(s)`;
/** productImages.upload: the images kept, the toast's text, and each refused file with why ('{file}: formato não permitido'). */
export const ZProductImageUploadResult = z.object({ added: z.number(), message: z.string(), refused: z.array(z.string()) });
