import { STORED_IMAGE, VARIANT_FORMATS, VARIANT_WIDTHS } from '../../shared/image-variants.ts';

/** Every file name of a stored original: itself and its variants (empty for other URLs). */
export function imageFiles(url: string): string[] {
  const m = STORED_IMAGE.exec(url);
  if (!m?.[1]) return [];
  const uuid = m[1];
  const original = url.slice('/uploads/'.length);
  return [original, ...VARIANT_FORMATS.flatMap((f) => VARIANT_WIDTHS.map((w) => `${uuid}-${w}.${f}`))];
}
