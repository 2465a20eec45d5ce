import { join } from 'node:path';
import { imageSizeFromFile } from 'image-size/fromFile';

export type ImageSize = { width: number; height: number };

const MAX_CACHED = 2000;
const cache = new Map<string, ImageSize | null>();

/**
 * Width and height of an image stored under /uploads/, read once from the file's header and
 * remembered (uploads are never rewritten in place: every upload gets a new name). Read in plain
 * JavaScript (image-size), not with sharp: libvips stays out of the server process (see
 * src/media/image-process.ts). Other URLs (http images, the placeholder) and unreadable files give null: size unknown.
 */
export async function uploadedImageSize(uploadsDir: string, url: string): Promise<ImageSize | null> {
  const m = /^\/uploads\/([\w.-]+)$/.exec(url);
  if (!m?.[1] || m[1].startsWith('.')) return null;
  const key = `${uploadsDir}\0${url}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  let size: ImageSize | null = null;
  try {
    const meta = await imageSizeFromFile(join(uploadsDir, m[1]));
    // EXIF-rotated images are shown turned: report the size as displayed.
    const turned = (meta.orientation ?? 1) >= 5;
    if (meta.width && meta.height) size = turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    size = null;
  }
  if (size) {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(key, size);
  }
  return size;
}
