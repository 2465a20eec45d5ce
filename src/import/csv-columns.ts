/**
 * Shopify's product CSV, both header sets it has used. The current one (exports since 2024) and
 * the legacy one name the same fields differently; the import reads either (case and spacing
 * aside), the export writes the current one.
 */
export type CsvField =
  | 'handle'
  | 'title'
  | 'description'
  | 'price'
  | 'compareAt'
  | 'imageUrl'
  | 'imagePosition'
  | 'imageAlt'
  | 'collection';

export const CSV_HEADERS: Record<CsvField, { current: string; legacy: string }> = {
  handle: { current: 'URL handle', legacy: 'Handle' },
  title: { current: 'Title', legacy: 'Title' },
  description: { current: 'Description', legacy: 'Body (HTML)' },
  price: { current: 'Price', legacy: 'Variant Price' },
  compareAt: { current: 'Compare-at price', legacy: 'Variant Compare At Price' },
  imageUrl: { current: 'Product image URL', legacy: 'Image Src' },
  imagePosition: { current: 'Image position', legacy: 'Image Position' },
  imageAlt: { current: 'Image alt text', legacy: 'Image Alt Text' },
  collection: { current: 'Collection', legacy: 'Collection' },
};

/**
 * The export's columns, in the current template's order (the fields this shop has, and the ones
 * Shopify needs to take the file back: status, published, the single default variant).
 */
export const EXPORT_COLUMNS = [
  'Title',
  'URL handle',
  'Description',
  'Vendor',
  'Type',
  'Tags',
  'Published on online store',
  'Status',
  'Option1 name',
  'Option1 value',
  'Price',
  'Compare-at price',
  'Requires shipping',
  'Product image URL',
  'Image position',
  'Image alt text',
  'Collection',
] as const;

const key = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');

/** Which column (index) holds each field, for a header row; fields absent are left out. */
export function columnsOf(header: string[]): Partial<Record<CsvField, number>> {
  const at = new Map(header.map((h, i) => [key(h), i] as const));
  const out: Partial<Record<CsvField, number>> = {};
  for (const [field, names] of Object.entries(CSV_HEADERS) as [CsvField, { current: string; legacy: string }][]) {
    const i = at.get(key(names.current)) ?? at.get(key(names.legacy));
    if (i !== undefined) out[field] = i;
  }
  return out;
}
