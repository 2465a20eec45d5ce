import type { Upload } from '../media/media.service.ts';

/** The file a content form sends as `image` (spec §7: banners and footer icons). */
export const imageField = (files: (Upload & { field: string })[]): Upload | undefined => files.find((f) => f.field === 'image');

/** A banner's files: `image` (desktop, 3:1) and `mobile_image` (phones, 21:9), each optional here. */
export type BannerUploads = { image: Upload | undefined; mobile: Upload | undefined };
export const bannerUploads = (files: (Upload & { field: string })[]): BannerUploads => ({
  image: imageField(files),
  mobile: files.find((f) => f.field === 'mobile_image'),
});
