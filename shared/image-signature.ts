/**
 * The image formats the shop stores (spec §5: jpeg, png, webp), told by their first bytes (magic
 * numbers), not by a file's name or declared type. The server decodes every upload anyway
 * (src/media/reencode.ts); the admin reads these bytes first so a renamed file is refused, named,
 * before it is shown or sent.
 */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** How many leading bytes `imageFormatOf` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]) => expected.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** The format of a file from its first IMAGE_SIGNATURE_BYTES bytes, or null when it is none of the stored ones. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'webp';
  return null;
}
