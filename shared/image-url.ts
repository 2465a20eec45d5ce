/** Placeholder shown where an image is missing (spec §3: "empty gives a placeholder image"). */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/** Spec §3 image rule: empty -> placeholder, http(s) as-is, anything else served from /uploads/. */
export function imageUrl(value: string | null | undefined): string {
  if (!value) return PLACEHOLDER_IMAGE;
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/uploads/')) return value;
  return `/uploads/${value.replace(/^\/+/, '')}`;
}
