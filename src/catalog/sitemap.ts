import type { AppContext } from '../context.ts';
import { loadSettingsRow } from '../settings/settings.repo.ts';

export type SitemapEntry = { slug: string; lastmod: string };
export type SitemapData = {
  /** When the home page last changed (settings, collections, products, galleries), ISO 8601. */
  homeLastmod: string;
  collections: SitemapEntry[];
  products: SitemapEntry[];
};

type Row = { slug: string; lastmod: Date | string };
const iso = (v: unknown) => new Date(v as string | Date).toISOString();
/** The latest of ISO 8601 UTC times (they sort as text). */
const newest = (dates: string[]) => dates.toSorted().at(-1) ?? '';

/**
 * What the sitemap lists (for crawlers, so the visitor's session does not matter): while the store
 * is locked only the home page; otherwise every active collection and every product, each with the
 * time it last changed. A product changes with its row or a newly added gallery image; a collection
 * with its row or any of its products.
 */
export async function sitemapData(ctx: AppContext): Promise<SitemapData> {
  const settings = await loadSettingsRow(ctx.em);
  const settingsTime = iso(settings.updated_at);
  if (settings.store_locked) return { homeLastmod: settingsTime, collections: [], products: [] };
  const conn = ctx.em.getConnection();
  const products = await conn.execute<Row[]>(
    `select p.slug, greatest(p.updated_at, max(i.created_at)) as lastmod
       from products p left join product_images i on i.product_id = p.id
      group by p.id order by p.position, p.id`,
  );
  const collections = await conn.execute<Row[]>(
    `select c.slug, greatest(c.updated_at, max(p.updated_at)) as lastmod
       from collections c left join products p on p.collection_id = c.id
      where c.active group by c.id order by c.sort_order, c.id`,
  );
  const toEntry = (r: Row): SitemapEntry => ({ slug: r.slug, lastmod: iso(r.lastmod) });
  const entries = { collections: collections.map(toEntry), products: products.map(toEntry) };
  const times = [settingsTime, ...[...entries.products, ...entries.collections].map((e: SitemapEntry) => e.lastmod)];
  return { homeLastmod: newest(times), ...entries };
}
