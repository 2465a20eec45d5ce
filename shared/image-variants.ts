/**
 * Responsive variants of an uploaded image (issue 8). Every raster file the shop stores as
 * `/uploads/<uuid>.<jpg|png|webp>` has, next to it, one AVIF and one WebP file per ladder width:
 * `/uploads/<uuid>-640.avif`, `/uploads/<uuid>-640.webp`, ... Steps wider than the original are
 * not upscaled: they hold the original size (the server links them to the first such step), so
 * every step always exists and a page can build its srcset from the URL alone.
 */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** An original stored by the shop (server-chosen uuid name): the only URLs that have variants. */
export const STORED_IMAGE = /^\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(?:jpg|png|webp)$/;

export const hasVariants = (url: string): boolean => STORED_IMAGE.test(url);

/** A variant's file name (`<uuid>-<width>.<avif|webp>`, any width, today's ladder or an older one). */
const VARIANT_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-\d+\.(?:avif|webp)$/;
/** The uuid of a variant's original, or null when `name` is no variant's file name. */
export const variantOf = (name: string): string | null => VARIANT_NAME.exec(name)?.[1] ?? null;

/** `/uploads/<uuid>.webp` -> `/uploads/<uuid>-640.avif`; null when the URL has no variants. */
export function variantUrl(url: string, width: number, format: VariantFormat): string | null {
  const m = STORED_IMAGE.exec(url);
  return m ? `/uploads/${m[1]}-${width}.${format}` : null;
}

/**
 * The `srcset` of one format for an image drawn at `sizes` (empty when the URL has no variants):
 * the ladder up to the widest step the browser can pick there (`widestStep`). The LCP preload and
 * the markup call it with the same `sizes`, so they name the same files.
 */
export function variantSrcset(url: string, format: VariantFormat, sizes: string): string {
  const uuid = STORED_IMAGE.exec(url)?.[1];
  if (!uuid) return '';
  const widest = widestStep(sizes);
  let srcset = '';
  for (const w of VARIANT_WIDTHS) {
    if (w > widest) break;
    srcset += `${srcset ? ', ' : ''}/uploads/${uuid}-${w}.${format} ${w}w`;
  }
  return srcset;
}

/**
 * The `sizes` of each place a storefront image is drawn, one home for the page markup and the
 * LCP preload (they must agree, or the browser fetches the image twice).
 */
export const IMAGE_SIZES = {
  banner: '100vw',
  card: '(min-width: 1200px) 280px, (min-width: 768px) 23vw, 46vw',
  gallery: '(min-width: 1200px) 620px, (min-width: 900px) 52vw, 100vw',
  logo: '240px',
  /** A search result's thumbnail. */
  thumb: '56px',
} as const;

/**
 * The widest ladder step a place's srcset offers: the first at least as wide as the place is ever
 * drawn on a 3x screen, so every step a browser could pick is there and none it never would. A
 * fixed width (`80px`: a gallery thumbnail, the logo, a search result) gives it at once; a card is
 * at most 280 px wide from 1,200 px up, 23vw (276 px) from 768 px and 46vw below: 198 px on a
 * 430 px phone (594 device pixels: 640), 353 px on a 767 px tablet (706 at 2x: 960). The five AVIF
 * and five WebP steps of each of a home's 168 cards were a tenth of its compressed bytes. The
 * banner and the gallery, drawn across the screen, get the whole ladder.
 */
export function widestStep(sizes: string): number {
  const widest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] as number;
  const fixed = /^(\d+)px$/.exec(sizes);
  if (fixed) return VARIANT_WIDTHS.find((w) => w >= 3 * Number(fixed[1])) ?? widest;
  return sizes === IMAGE_SIZES.card ? 960 : widest;
}

/**
 * Where a banner's phone image (21:9) replaces the desktop one (3:1): below the 768 px breakpoint
 * of the carousel's CSS. The carousel's <source> and the LCP preloads use the same queries.
 */
export const PHONE_MEDIA = '(max-width: 767px)';
export const WIDE_MEDIA = '(min-width: 768px)';
