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

/** `/uploads/<uuid>.webp` -> `/uploads/<uuid>-640.avif`; null when the URL has no variants. */
export function variantUrl(url: string, width: number, format: VariantFormat): string | null {
  const m = STORED_IMAGE.exec(url);
  return m ? `/uploads/${m[1]}-${width}.${format}` : null;
}

/** The `srcset` of one format (empty when the URL has no variants). */
export function variantSrcset(url: string, format: VariantFormat): string {
  if (!hasVariants(url)) return '';
  return VARIANT_WIDTHS.map((w) => `${variantUrl(url, w, format)} ${w}w`).join(', ');
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
} as const;

/**
 * Where a banner's phone image (21:9) replaces the desktop one (3:1): below the 768 px breakpoint
 * of the carousel's CSS. The carousel's <source> and the LCP preloads use the same queries.
 */
export const PHONE_MEDIA = '(max-width: 767px)';
export const WIDE_MEDIA = '(min-width: 768px)';
