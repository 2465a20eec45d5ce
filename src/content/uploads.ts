import type { Upload } from '../media/media.service.ts';

/** The file a content form sends as `image` (spec §7: banners and footer icons). */
export const imageField = (files: (Upload & { field: string })[]): Upload | undefined => files.find((f) => f.field === 'image');
