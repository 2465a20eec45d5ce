import type { VariantFormat } from '../../shared/image-variants.ts';
import { siblingModule } from '../runtime-files.ts';
import { asBuffer, inImageProcess } from './image-process.ts';
import type { EncodedVariant } from './variants-encode.ts';

/** One variant file: encoded bytes, or the name of the step it repeats (a wider step than the original). */
export type Variant = { width: number; format: VariantFormat } & ({ data: Buffer } | { sameAs: number });

const ENCODER = siblingModule(import.meta.url, './variants-encode');

/**
 * The AVIF and WebP variants of an image at each ladder width (see `encodeVariants`), encoded in
 * the image process so that libvips' memory never stays in the server's.
 */
export async function renderVariants(original: Buffer): Promise<Variant[]> {
  // Background work: an upload's own check goes first (image-process.ts).
  const encoded = await inImageProcess<EncodedVariant[]>(ENCODER, 'encodeVariants', original, { background: true });
  return encoded.map((v) => ('data' in v ? { width: v.width, format: v.format, data: asBuffer(v.data) } : v));
}
