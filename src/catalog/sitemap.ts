import { LEGAL_PAGES, legalPath } from '../../shared/legal-pages.ts';
import type { AppContext } from '../context.ts';
import { loadSettingsRow } from '../settings/settings.repo.ts';

/** The most URLs one sitemap file may list (sitemaps.org); past it /sitemap.xml is an index. */
export const SITEMAP_MAX_URLS = 50_000;

/** One URL of the sitemap: a storefront path and when its page last changed (ISO 8601). */
export type SitemapUrl = { path: string; lastmod: string };

type Row = { slug: string; lastmod: Date | string };
const iso = (v: unknown) => new Date(v as string | Date).toISOString();

/**
 * What the sitemap lists (for crawlers, so the visitor's session does not matter), in this order:
 * the home, the legal pages, every active collection, every product, each with the time it last
 * changed (a legal page: the settings', which hold its text and the shop's data). While the
 * store is locked, only the home. A product changes with its row or a newly added gallery image;
 * a collection with its row or any of its products; the home with any of them or the settings.
 * Read a slice at a time (`offset`, `limit` over that order), so no answer holds the catalogue.
 */
export async function sitemapSize(ctx: AppContext): Promise<number> {
  const settings = await loadSettingsRow(ctx.em);
  if (settings.store_locked) return 1;
  const [row] = await ctx.em
    .getConnection()
    .execute<{ n: number }[]>('select (select count(*) from collections where active)::int + (select count(*) from products)::int as n');
  return 1 + LEGAL_PAGES.length + Number(row?.n ?? 0);
}

export async function sitemapUrls(ctx: AppContext, offset: number, limit: number): Promise<SitemapUrl[]> {
  const settings = await loadSettingsRow(ctx.em);
  const conn = ctx.em.getConnection();
  const urls: SitemapUrl[] = [];
  if (offset === 0) {
    const [home] = settings.store_locked
      ? [{ lastmod: settings.updated_at }]
      : await conn.execute<{ lastmod: Date | string }[]>(
          `select greatest(?::timestamptz, (select max(updated_at) from products), (select max(created_at) from product_images),
                           (select max(updated_at) from collections where active)) as lastmod`,
          [iso(settings.updated_at)],
        );
    urls.push({ path: '/', lastmod: iso(home?.lastmod ?? settings.updated_at) });
  }
  if (settings.store_locked) return urls.slice(0, limit);
  // Positions after the home: the legal pages, then collections, then products.
  const legal = LEGAL_PAGES.map((slug) => ({ path: legalPath(slug), lastmod: iso(settings.updated_at) }));
  const start = Math.max(0, offset - 1);
  urls.push(...legal.slice(start, start + limit - urls.length));
  if (urls.length >= limit) return urls;
  let from = Math.max(0, offset - 1 - legal.length);
  let left = limit - urls.length;
  const collections = await conn.execute<Row[]>(
    `select c.slug, greatest(c.updated_at, max(p.updated_at)) as lastmod
       from collections c left join products p on p.collection_id = c.id
      where c.active group by c.id order by c.sort_order, c.id limit ? offset ?`,
    [left, from],
  );
  for (const c of collections) urls.push({ path: `/colecao/${encodeURIComponent(c.slug)}`, lastmod: iso(c.lastmod) });
  left -= collections.length;
  if (left <= 0) return urls;
  if (collections.length === 0) {
    const [count] = await conn.execute<{ n: number }[]>('select count(*)::int as n from collections where active');
    from -= Number(count?.n ?? 0);
  } else {
    from = 0;
  }
  const products = await conn.execute<Row[]>(
    `select p.slug, greatest(p.updated_at, (select max(i.created_at) from product_images i where i.product_id = p.id)) as lastmod
       from products p order by p.position, p.id limit ? offset ?`,
    [left, Math.max(0, from)],
  );
  for (const p of products) urls.push({ path: `/produto/${encodeURIComponent(p.slug)}`, lastmod: iso(p.lastmod) });
  return urls;
}
