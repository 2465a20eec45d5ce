import { useLingui } from '@lingui/react/macro';
import { IMAGE_SIGNATURE_BYTES, imageFormatOf } from '../../../shared/image-signature.ts';
import { LIMITS } from '../../../shared/limits.ts';

/** The formats the server keeps (spec §5: jpeg, png and webp), for a file input's `accept`. */
export const IMAGE_ACCEPT = LIMITS.galleryMimeTypes.join(',');

/** What the browser lets through before an upload: the server's own limits (it checks again). */
export type FileCheck = { accepted: File[]; refused: string[] };

/**
 * Whether the file is a JPEG, PNG or WebP, whatever its name or declared type says: its first bytes
 * (shared/image-signature.ts), then a decode, so a cut or damaged file is not shown as a broken image.
 */
async function isStoredImage(file: File): Promise<boolean> {
  try {
    if (imageFormatOf(new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer())) === null) return false;
    if (typeof createImageBitmap === 'function') (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false; // unreadable or undecodable
  }
}

/**
 * Checks chosen image files with the shared limits (spec §5: jpeg, png or webp, 5 MB each), size
 * first and then content, as the server does: a file named `.png` that is not a PNG (nor a JPEG or
 * WebP) is refused here, never previewed as a broken image. Each refusal in the spec's words
 * ('{file}: formato não permitido', '{file}: arquivo muito grande (máx 5MB)').
 */
export function useImageFileCheck() {
  const { t } = useLingui();
  return async (files: readonly File[]): Promise<FileCheck> => {
    const accepted: File[] = [];
    const refused: string[] = [];
    for (const f of files) {
      const file = f.name;
      if (f.size > LIMITS.galleryMaxBytes) refused.push(t`${file}: arquivo muito grande (máx 5MB)`);
      else if (!(await isStoredImage(f))) refused.push(t`${file}: formato não permitido`);
      else accepted.push(f);
    }
    return { accepted, refused };
  };
}
