import type { EntityManager } from '@mikro-orm/core';

/** Every column that holds an /uploads/ URL a page shows. */
const COLUMNS = [
  ['products', 'image_url'],
  ['product_images', 'url'],
  ['banners', 'image_url'],
  ['banners', 'mobile_image_url'],
  ['footer_icons', 'image_url'],
  ['settings', 'logo_url'],
  ['settings', 'favicon_url'],
  ['settings', 'footer_image_url'],
] as const;

/**
 * Which of the given /uploads/ URLs a row still points at (the upload sweep's question); with
 * no list, every /uploads/ URL any row points at.
 */
export async function referencedUploads(em: EntityManager, urls?: string[]): Promise<Set<string>> {
  if (urls && urls.length === 0) return new Set();
  const conn = em.getConnection();
  const found = new Set<string>();
  for (const [table, column] of COLUMNS) {
    const rows: { url: string }[] = urls
      ? await conn.execute(`select distinct ${column} as url from ${table} where ${column} in (${urls.map(() => '?').join(', ')})`, urls)
      : await conn.execute(`select distinct ${column} as url from ${table} where ${column} like '/uploads/%'`);
    for (const r of rows) found.add(r.url);
  }
  return found;
}
