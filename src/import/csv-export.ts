import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import { stringify } from 'csv-stringify';
import { Collection } from '../catalog/collection.entity.ts';
import { galleries } from '../catalog/galleries.ts';
import { Product } from '../catalog/product.entity.ts';
import { EXPORT_COLUMNS } from './csv-columns.ts';
import { textToHtml } from './html-text.ts';

/** Products read per query: the export's memory stays the same whatever the catalogue's size. */
const PAGE = 500;

type Row = Record<(typeof EXPORT_COLUMNS)[number], string>;

/** `/uploads/x.jpg` as an address another shop (or this one, on import) can fetch. */
const absolute = (url: string, baseUrl: string) => (url.startsWith('/') ? `${baseUrl.replace(/\/$/, '')}${url}` : url);

/**
 * The catalogue as rows of Shopify's current product CSV, page by page (by id): one row per product
 * (its first image on it) and one more per further image (handle, image and position only), as
 * Shopify writes them. Descriptions are written as HTML that reads back to the same text.
 */
export async function* catalogueRows(em: EntityManager, baseUrl: string): AsyncGenerator<Row> {
  const names = new Map((await em.find(Collection, {}, { fields: ['id', 'name'] })).map((c) => [c.id, c.name]));
  let after = 0;
  for (;;) {
    const page = await em.find(Product, { id: { $gt: after } }, { orderBy: { id: 'asc' }, limit: PAGE });
    if (page.length === 0) return;
    const gallery = await galleries(
      em,
      page.map((p) => p.id),
    );
    for (const p of page) {
      const images = gallery.get(p.id) ?? (p.image_url ? [p.image_url] : []);
      const blank = Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, ''])) as Row;
      yield {
        ...blank,
        Title: p.title,
        'URL handle': p.slug,
        Description: textToHtml(p.description),
        'Published on online store': 'TRUE',
        Status: 'Active',
        'Option1 name': 'Title',
        'Option1 value': 'Default Title',
        Price: p.price,
        'Compare-at price': p.old_price ?? '',
        'Requires shipping': 'TRUE',
        'Product image URL': images[0] ? absolute(images[0], baseUrl) : '',
        'Image position': images[0] ? '1' : '',
        Collection: p.collection ? (names.get(p.collection.id) ?? '') : '',
      };
      for (const [i, url] of images.slice(1).entries())
        yield { ...blank, 'URL handle': p.slug, 'Product image URL': absolute(url, baseUrl), 'Image position': String(i + 2) };
    }
    after = page[page.length - 1]?.id ?? after;
    em.clear();
    if (page.length < PAGE) return;
  }
}

/** The export as a UTF-8 CSV stream (with a BOM, so spreadsheets read the accents), for a download. */
export function catalogueCsv(em: EntityManager, baseUrl: string): Readable {
  // Any field with a line break is quoted: the records end in \r\n, and a bare \n inside a field must not read as one.
  const out = stringify({ header: true, columns: [...EXPORT_COLUMNS], bom: true, record_delimiter: '\r\n', quoted_match: /[\r\n]/ });
  const rows = Readable.from(catalogueRows(em, baseUrl));
  // A failing read ends the download with an error instead of leaving it open.
  rows.once('error', (e) => out.destroy(e));
  out.once('close', () => rows.destroy());
  return rows.pipe(out);
}

/** The download's file name: produtos-2026-11-25.csv. */
export const exportFileName = (now: Date) => `produtos-${now.toISOString().slice(0, 10)}.csv`;
