import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { LIMITS } from '../../shared/limits.ts';
import { AppError } from '../errors.ts';

/** A file as an adapter received it. `truncated` is set when it went past the size limit. */
export type Upload = { filename: string; data: Buffer; truncated?: boolean };

/** An image checked by its content and re-encoded: metadata and anything smuggled are gone. */
export type PreparedImage = { data: Buffer; ext: 'jpg' | 'png' | 'webp'; originalName: string };

const FORMATS = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;
const MAX_PIXELS = 40_000_000;

const displayName = (name: string) => name.replace(/[\r\n\t]/g, ' ').slice(0, 120) || 'arquivo';

/** Checks an upload by content (jpeg, png or webp, at most 5 MB) and re-encodes it. */
export async function prepareImage(upload: Upload): Promise<PreparedImage> {
  const name = displayName(upload.filename);
  if (upload.truncated || upload.data.length > LIMITS.galleryMaxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `${name}: arquivo muito grande (máx 5MB)`);
  }
  let format: string | undefined;
  try {
    format = (await sharp(upload.data, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  const ext = format && format in FORMATS ? FORMATS[format as keyof typeof FORMATS] : undefined;
  if (!ext) throw new AppError('BAD_REQUEST', `${name}: formato não permitido`);
  try {
    const img = sharp(upload.data, { limitInputPixels: MAX_PIXELS }).rotate();
    const data =
      ext === 'jpg'
        ? await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer()
        : ext === 'png'
          ? await img.png({ compressionLevel: 9 }).toBuffer()
          : await img.webp({ quality: 85 }).toBuffer();
    return { data, ext, originalName: name };
  } catch {
    throw new AppError('BAD_REQUEST', `${name}: formato não permitido`);
  }
}

/** Writes a prepared image under a server-chosen name; returns its public URL. */
export async function saveImage(uploadsDir: string, image: PreparedImage): Promise<{ url: string; fileName: string }> {
  await mkdir(uploadsDir, { recursive: true });
  const fileName = `${randomUUID()}.${image.ext}`;
  const tmp = join(uploadsDir, `.${fileName}.tmp`);
  await writeFile(tmp, image.data, { mode: 0o644 });
  await rename(tmp, join(uploadsDir, fileName));
  return { url: `/uploads/${fileName}`, fileName };
}

/** Deletes a file this service stored, given its /uploads/ URL; other URLs are left alone. */
export async function removeUpload(uploadsDir: string, url: string): Promise<void> {
  const m = /^\/uploads\/([0-9a-f-]{36}\.(?:jpg|png|webp))$/.exec(url);
  if (m?.[1]) await rm(join(uploadsDir, m[1]), { force: true });
}

/**
 * Stores several prepared images, runs `commit`, and removes the new files again if it fails,
 * so a refused request leaves nothing behind.
 */
export async function withSavedImages<T>(
  uploadsDir: string,
  images: PreparedImage[],
  commit: (saved: { url: string; fileName: string }[]) => Promise<T>,
): Promise<T> {
  const saved: { url: string; fileName: string }[] = [];
  try {
    for (const img of images) saved.push(await saveImage(uploadsDir, img));
    return await commit(saved);
  } catch (e) {
    await Promise.all(saved.map((s) => removeUpload(uploadsDir, s.url)));
    throw e;
  }
}
