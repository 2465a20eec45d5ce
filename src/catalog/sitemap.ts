import { FEATURED_PATH } from '../../shared/catalog-paths.ts';
import { LEGAL_PAGES, legalPath } from '../../shared/legal-pages.ts';
import type { AppContext } from '../context.ts';
import { loadSettingsRow } from '../settings/settings.repo.ts';

/** The most URLs one sitemap file may list (sitemaps.org); past it /sitemap.xml is an index. */
export const SITEMAP_MAX_URLS = 50_000;

/** One URL of the sitemap: a storefront path and when its page last changed (ISO 8601). */
export type SitemapUrl = { path: string; lastmod: string };

type Row = { slug: string; lastmod: Date | string };
const iso = (v: unknown) => new Date(v as string | Date).toISOString();

/** One part of the sitemap's order: how many URLs it holds, and how to read `limit` of them from `from`. */
type Section = { size: number; read: (from: number, limit: number) => Promise<SitemapUrl[]> | SitemapUrl[] };

/**
 * What the sitemap lists (for crawlers, so the visitor's session does not matter), in this order:
 * the home, the legal pages, the featured products' listing (/destaques, while some product has no
 * collection), every active collection that holds a product, every product, each with the time it
 * last changed (a legal page: the settings', which hold its text and the shop's data). An empty
 * collection's page says only that it has no products: it is left out, as crawlers count such
 * pages against a site. While the store is locked, only the home. A product changes with its row
 * or a newly added gallery image; a listing with its row or any of its products; the home with any
 * of them or the settings. Each section is counted up front and read a slice at a time, so no
 * answer holds the catalogue.
 */
async function sitemapSections(ctx: AppContext): Promise<Section[]> {
  const settings = await loadSettingsRow(ctx.em);
  const conn = ctx.em.getConnection();
  const home: Section = {
    size: 1,
    read: async () => {
      const [row] = settings.store_locked
        ? [{ lastmod: settings.updated_at }]
        : await conn.execute<{ lastmod: Date | string }[]>(
            `select greatest(?::timestamptz, (select max(updated_at) from products), (select max(created_at) from product_images),
                             (select max(updated_at) from collections where active)) as lastmod`,
            [iso(settings.updated_at)],
          );
      return [{ path: '/', lastmod: iso(row?.lastmod ?? settings.updated_at) }];
    },
  };
  if (settings.store_locked) return [home];
  const legal = LEGAL_PAGES.map((slug) => ({ path: legalPath(slug), lastmod: iso(settings.updated_at) }));
  // An active collection is listed while it holds a product (products_collection_id index).
  const [counts] = await conn.execute<{ featured: Date | string | null; collections: number; products: number }[]>(
    `select (select max(updated_at) from products where collection_id is null) as featured,
            (select count(*) from collections c where c.active and exists (select 1 from products p where p.collection_id = c.id))::int
              as collections,
            (select count(*) from products)::int as products`,
  );
  return [
    home,
    { size: legal.length, read: (from, n) => legal.slice(from, from + n) },
    { size: counts?.featured ? 1 : 0, read: () => [{ path: FEATURED_PATH, lastmod: iso(counts?.featured) }] },
    {
      size: Number(counts?.collections ?? 0),
      read: async (from, n) => {
        const rows = await conn.execute<Row[]>(
          `select c.slug, greatest(c.updated_at, max(p.updated_at)) as lastmod
             from collections c join products p on p.collection_id = c.id
            where c.active group by c.id order by c.sort_order, c.id limit ? offset ?`,
          [n, from],
        );
        return rows.map((c: Row) => ({ path: `/colecao/${encodeURIComponent(c.slug)}`, lastmod: iso(c.lastmod) }));
      },
    },
    {
      size: Number(counts?.products ?? 0),
      read: async (from, n) => {
        const rows = await conn.execute<Row[]>(
          `select p.slug, greatest(p.updated_at, (select max(i.created_at) from product_images i where i.product_id = p.id)) as lastmod
             from products p order by p.position, p.id limit ? offset ?`,
          [n, from],
        );
        return rows.map((p: Row) => ({ path: `/produto/${encodeURIComponent(p.slug)}`, lastmod: iso(p.lastmod) }));
      },
    },
  ];
}

/** The sitemap of the moment: its size, and its URLs read a slice at a time (`offset`, `limit` over the order above). */
export type Sitemap = { size: number; urls: (offset: number, limit: number) => Promise<SitemapUrl[]> };

/** Reads the settings and counts the sections once; a request then reads the slice it answers. */
export async function readSitemap(ctx: AppContext): Promise<Sitemap> {
  const sections = await sitemapSections(ctx);
  return {
    size: sections.reduce((sum, s) => sum + s.size, 0),
    urls: async (offset, limit) => {
      const urls: SitemapUrl[] = [];
      let skip = offset;
      for (const section of sections) {
        if (urls.length >= limit) break;
        if (skip >= section.size) {
          skip -= section.size;
          continue;
        }
        urls.push(...(await section.read(skip, limit - urls.length)));
        skip = 0;
      }
      return urls;
    },
  };
}
