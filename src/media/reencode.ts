/**
 * Runs in the image process (src/media/image-process.ts), never in the server: the sharp work
 * behind `prepareImage` (src/media/media.service.ts).
 */
import { rm } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import './sharp-settings.ts';

const FORMATS = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;
/** Larger images are refused before they are decoded (a small file can declare huge dimensions). */
const MAX_PIXELS = 40_000_000;

export type Reencoded = { data: Uint8Array; ext: 'jpg' | 'png' | 'webp' };

type Format = 'jpg' | 'png' | 'webp';

/** The format of an image by its content (sharp reads the header, whatever the name), or null when it is none we take. */
async function formatOf(input: Uint8Array | string): Promise<Format | null> {
  try {
    const { format } = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
    return format && format in FORMATS ? FORMATS[format as keyof typeof FORMATS] : null;
  } catch {
    return null;
  }
}

/** The image turned as its EXIF orientation says, without its metadata, encoded in `ext`. */
function reencoded(input: Uint8Array | string, ext: Format): Sharp {
  const img = sharp(input, { limitInputPixels: MAX_PIXELS }).rotate();
  return ext === 'jpg' ? img.jpeg({ quality: 85 }) : ext === 'png' ? img.png({ compressionLevel: 9 }) : img.webp({ quality: 85 });
}

/**
 * An uploaded file checked by its content (JPEG, PNG or WebP that decodes) and re-encoded in its
 * own format, turned as its EXIF orientation says and without its metadata; null when it is no
 * such image. JPEG is written by libjpeg-turbo, not mozjpeg: a 2400×2000 photo takes about 0.2 s
 * instead of several seconds (files about a fifth larger), so an upload of 10 answers quickly;
 * pages serve the AVIF/WebP variants anyway. For callers that hold the bytes (`reencodeUploadFile`
 * is the same from file to file).
 */
export async function reencodeUpload(data: Uint8Array): Promise<Reencoded | null> {
  const ext = await formatOf(data);
  if (!ext) return null;
  try {
    return { data: await reencoded(data, ext).toBuffer(), ext };
  } catch {
    return null;
  }
}

/**
 * `reencodeUpload` from file to file: reads the staged upload at `input` (src/media/staging.ts)
 * and writes the re-encoded image at `output`, so no image's bytes cross to the server. Null
 * (and no output) when it is no such image.
 */
export async function reencodeUploadFile(task: { input: string; output: string }): Promise<{ ext: Format } | null> {
  const ext = await formatOf(task.input);
  if (!ext) return null;
  try {
    await reencoded(task.input, ext).toFile(task.output);
    return { ext };
  } catch {
    await rm(task.output, { force: true }).catch(() => {});
    return null;
  }
}
