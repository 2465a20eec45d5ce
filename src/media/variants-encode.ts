/**
 * Runs in the image process (src/media/image-process.ts), never in the server: the sharp work
 * behind `renderVariants` (src/media/variants.ts).
 */
import sharp, { type Sharp } from 'sharp';
import './sharp-settings.ts';
import { VARIANT_FORMATS, VARIANT_WIDTHS, type VariantFormat } from '../../shared/image-variants.ts';
import { mapLimit } from './map-limit.ts';

/** One variant file: encoded bytes, or the name of the step it repeats (a wider step than the original). */
export type EncodedVariant = { width: number; format: VariantFormat } & ({ data: Uint8Array } | { sameAs: number });

const ENCODE: Record<VariantFormat, (img: Sharp) => Sharp> = {
  // effort 2: most of AVIF's saving at a fraction of the default effort's time.
  avif: (img) => img.avif({ quality: 50, effort: 2 }),
  webp: (img) => img.webp({ quality: 75 }),
};

/** Encodes running at once for one image (on sharp's threads). */
const ENCODES_AT_ONCE = 2;

/**
 * Encodes the AVIF and WebP variants of an image at each ladder width. Widths are never
 * upscaled: the first step at or above the original width holds the original size, and the
 * wider steps repeat it (`sameAs`), so the file system can link them instead of copying.
 *
 * The original is decoded once and every step is resized and encoded from those pixels, at most
 * ENCODES_AT_ONCE at a time: memory holds one decoded image and two encoders, not a decode per
 * step. The files are those a decode per step gives, except that no step is decoded at a reduced
 * scale any more (JPEG and WebP shrink-on-load): the same sizes, resized from the full pixels.
 */
export async function encodeVariants(original: Uint8Array): Promise<EncodedVariant[]> {
  const { width } = await sharp(original).metadata();
  if (!width) throw new Error('image without a width');
  const cap: number = VARIANT_WIDTHS.find((w) => w >= width) ?? Math.max(...VARIANT_WIDTHS);
  const { data, info } = await sharp(original).raw().toBuffer({ resolveWithObject: true });
  const decoded = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const steps = VARIANT_FORMATS.flatMap((format) => VARIANT_WIDTHS.map((w) => ({ format, w })));
  return mapLimit(steps, ENCODES_AT_ONCE, async ({ format, w }): Promise<EncodedVariant> => {
    if (w > cap) return { width: w, format, sameAs: cap };
    const step = Math.min(w, width);
    const img = decoded().resize({ width: step, withoutEnlargement: true });
    return { width: w, format, data: await ENCODE[format](img).toBuffer() };
  });
}
