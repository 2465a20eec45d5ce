import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { AppError } from '../errors.ts';
import { type CsvField, columnsOf } from './csv-columns.ts';
import type { ImportProduct } from './import-types.ts';

/** Largest CSV the admin may send (about 20,000 products with long descriptions). */
export const CSV_MAX_BYTES = 20 * 1024 * 1024;
/** Most products one file may hold. */
export const CSV_MAX_PRODUCTS = 20_000;

/** A line of the file that names no product (a row without a handle, say): shown with the refusals. */
export type CsvProblem = { line: number; reason: string };

export type ParsedCsv = {
  products: ImportProduct[];
  problems: CsvProblem[];
  encoding: 'utf-8' | 'windows-1252';
  delimiter: ',' | ';';
};

const NOT_SHOPIFY =
  'O arquivo não parece um CSV de produtos no formato da Shopify: a primeira linha precisa das colunas "URL handle" (ou "Handle"), "Title" e "Price" (ou "Variant Price").';

/** UTF-8 (with or without BOM) when it decodes as such, Windows-1252 (Excel's "CSV" in Brazil) otherwise. */
export function decodeCsv(data: Buffer): { text: string; encoding: ParsedCsv['encoding'] } {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return { text: data.subarray(3).toString('utf8'), encoding: 'utf-8' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(data), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(data), encoding: 'windows-1252' };
  }
}

/** `;` when the header line has more of them than commas (outside quotes), `,` otherwise. */
function delimiterOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

function* chunks(text: string, size = 64 * 1024) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

const parseError = (e: CsvError & { lines?: number }) =>
  new AppError(
    'BAD_REQUEST',
    e.code === 'CSV_QUOTE_NOT_CLOSED'
      ? `Linha ${e.lines ?? '?'}: aspas abertas e não fechadas (um texto entre aspas precisa terminar com ")`
      : `Linha ${e.lines ?? '?'}: o CSV não pôde ser lido (${e.code === 'CSV_INVALID_CLOSING_QUOTE' ? 'aspas no meio de um campo' : 'formato inválido'})`,
  );

/**
 * Reads a product CSV in Shopify's format (either header set, `,` or `;`, UTF-8 or Windows-1252,
 * quoted multi-line descriptions) into ImportProducts: rows are grouped by handle (the first row of a
 * handle carries the product, the next ones add images, as Shopify's extra image and variant rows
 * do; only the first variant's price is taken). Each product's `line` is its first row's line.
 * A file that cannot be read is refused whole (400, the line named); a row that names no product is
 * a `problem`; the product rules themselves are the import core's (the dry run).
 */
export async function parseProductCsv(data: Buffer): Promise<ParsedCsv> {
  if (data.length > CSV_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `Arquivo muito grande (máx ${CSV_MAX_BYTES / 1024 / 1024}MB)`);
  const decoded = decodeCsv(data);
  const encoding = decoded.encoding;
  // Line ends as \n only: the parser's line count (for messages) is then right inside quoted fields too.
  const text = decoded.text.replace(/\r\n?/g, '\n');
  const delimiter = delimiterOf(text);
  const parser = Readable.from(chunks(text)).pipe(
    parse({ delimiter, info: true, raw: true, relax_column_count: true, skip_empty_lines: true, bom: true }),
  );
  let columns: Partial<Record<CsvField, number>> | null = null;
  const byHandle = new Map<string, ImportProduct>();
  const problems: CsvProblem[] = [];
  try {
    for await (const { record, info, raw } of parser as AsyncIterable<{ record: string[]; info: { lines: number }; raw: string }>) {
      // info.lines is where the record ends; a quoted multi-line field started it earlier.
      const line = info.lines - (raw.replace(/^[\r\n]+|\r?\n$/g, '').match(/\n/g)?.length ?? 0);
      if (!columns) {
        columns = columnsOf(record);
        if (columns.handle === undefined || columns.title === undefined || columns.price === undefined)
          throw new AppError('BAD_REQUEST', NOT_SHOPIFY);
        continue;
      }
      const cols = columns;
      const cell = (f: CsvField) => {
        const i = cols[f];
        return i === undefined ? undefined : (record[i] ?? '');
      };
      if (record.every((v) => v.trim() === '')) continue;
      const handle = (cell('handle') ?? '').trim();
      if (!handle) {
        problems.push({ line, reason: `Linha ${line}: sem "URL handle" (o endereço do produto)` });
        continue;
      }
      const imageUrl = (cell('imageUrl') ?? '').trim();
      const positionText = (cell('imagePosition') ?? '').trim();
      let product = byHandle.get(handle);
      if (!product) {
        if (byHandle.size >= CSV_MAX_PRODUCTS)
          throw new AppError('BAD_REQUEST', `Produtos demais num só arquivo (máx ${CSV_MAX_PRODUCTS}); divida o CSV em partes`);
        const collection = cell('collection');
        product = {
          ref: `linha ${line}`,
          line,
          handle,
          title: cell('title') ?? '',
          descriptionHtml: cell('description') ?? '',
          price: (cell('price') ?? '').trim(),
          compareAtPrice: (cell('compareAt') ?? '').trim() || null,
          images: [],
          ...(collection === undefined ? {} : { collection: collection.trim() || null }),
        };
        byHandle.set(handle, product);
      } else {
        // A later row of the product: fills what its first row left empty (Shopify puts the title on the first row only).
        if (!product.title.trim()) product.title = cell('title') ?? '';
        if (!product.descriptionHtml.trim()) product.descriptionHtml = cell('description') ?? '';
        if (!product.price) product.price = (cell('price') ?? '').trim();
      }
      if (imageUrl) {
        const position = /^\d{1,6}$/.test(positionText) ? Number(positionText) : 1_000_000 + product.images.length;
        const alt = (cell('imageAlt') ?? '').trim();
        product.images.push({ url: imageUrl, position, ...(alt ? { alt } : {}) });
      }
    }
  } catch (e) {
    if (e instanceof CsvError) throw parseError(e as CsvError & { lines?: number });
    throw e;
  }
  if (!columns) throw new AppError('BAD_REQUEST', 'O arquivo está vazio');
  return { products: [...byHandle.values()], problems, encoding, delimiter };
}
