import sharp, { type Sharp } from 'sharp';
import { VARIANT_FORMATS, VARIANT_WIDTHS, type VariantFormat } from '../../shared/image-variants.ts';

// Every image is read once and never again: sharp's operation cache would only hold memory.
sharp.cache(false);

/** One variant file: encoded bytes, or the name of the step it repeats (a wider step than the original). */
export type Variant = { width: number; format: VariantFormat } & ({ data: Buffer } | { sameAs: number });

const ENCODE: Record<VariantFormat, (img: Sharp) => Sharp> = {
  // effort 2: most of AVIF's saving at a fraction of the default effort's time.
  avif: (img) => img.avif({ quality: 50, effort: 2 }),
  webp: (img) => img.webp({ quality: 75 }),
};

/**
 * Encodes the AVIF and WebP variants of an image at each ladder width. Widths are never
 * upscaled: the first step at or above the original width holds the original size, and the
 * wider steps repeat it (`sameAs`), so the file system can link them instead of copying.
 */
export async function renderVariants(original: Buffer): Promise<Variant[]> {
  const { width } = await sharp(original).metadata();
  if (!width) throw new Error('image without a width');
  const cap: number = VARIANT_WIDTHS.find((w) => w >= width) ?? Math.max(...VARIANT_WIDTHS);
  const steps = VARIANT_FORMATS.flatMap((format) => VARIANT_WIDTHS.map((w) => ({ format, w })));
  // The encodes run on sharp's thread pool (libuv's, 4 threads by default), which bounds them.
  return Promise.all(
    steps.map(async ({ format, w }): Promise<Variant> => {
      if (w > cap) return { width: w, format, sameAs: cap };
      const img = sharp(original).resize({ width: Math.min(w, width), withoutEnlargement: true });
      return { width: w, format, data: await ENCODE[format](img).toBuffer() };
    }),
  );
}
