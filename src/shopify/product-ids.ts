/** Shopify product ids: we store the numeric id (what the Buy Button takes); the API speaks gids. */
const GID = /^gid:\/\/shopify\/Product\/(\d{1,20})$/;
const DIGITS = /^\d{1,20}$/;

/** The numeric id of a digits-or-gid value, or null when it is neither. */
export function numericProductId(value: string): string | null {
  const v = value.trim();
  if (DIGITS.test(v)) return v;
  return GID.exec(v)?.[1] ?? null;
}

export const productGid = (numericId: string) => `gid://shopify/Product/${numericId}`;
