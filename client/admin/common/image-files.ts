import { useLingui } from '@lingui/react/macro';
import { LIMITS } from '../../../shared/limits.ts';

/** The formats the server keeps (spec §5: jpeg, png and webp), for a file input's `accept`. */
export const IMAGE_ACCEPT = LIMITS.galleryMimeTypes.join(',');

/** What the browser lets through before an upload: the server's own limits (it checks again). */
export type FileCheck = { accepted: File[]; refused: string[] };

/**
 * Checks chosen image files with the shared limits (spec §5: jpeg, png or webp, 5 MB each), each
 * refusal in the spec's words ('{file}: formato não permitido', '{file}: arquivo muito grande (máx 5MB)').
 */
export function useImageFileCheck() {
  const { t } = useLingui();
  const types: readonly string[] = LIMITS.galleryMimeTypes;
  return (files: readonly File[]): FileCheck => {
    const accepted: File[] = [];
    const refused: string[] = [];
    for (const f of files) {
      const file = f.name;
      if (!types.includes(f.type)) refused.push(t`${file}: formato não permitido`);
      else if (f.size > LIMITS.galleryMaxBytes) refused.push(t`${file}: arquivo muito grande (máx 5MB)`);
      else accepted.push(f);
    }
    return { accepted, refused };
  };
}
