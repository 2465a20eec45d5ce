import { REVIEW_CSV_LIMITS, REVIEW_MESSAGES } from '../../shared/reviews.ts';
import { hasControlChars, stripInvisibleChars } from '../../shared/text-rules.ts';
import { AppError } from '../errors.ts';
import type { BufferUpload } from '../media/media.service.ts';
import { type CsvEncoding, CsvSyntaxError, decodeCsvBytes, detectSeparator, looksBinary, parseCsv, type Separator } from './csv.ts';

/** One valid CSV row, ready to become a review. */
export type ReviewRow = { reviewer_name: string; review_text: string; rating: number; reviewer_city: string };

const COLUMNS = ['nome', 'avaliacao', 'estrelas', 'cidade'] as const;
type Column = (typeof COLUMNS)[number];

/** Header names compared without case, accents or surrounding spaces ('Avaliação' is 'avaliacao'). */
const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

const bad = (message: string) => new AppError('BAD_REQUEST', message);
const atLine = (line: number, message: string) => bad(`Linha ${line}: ${message}`);

/** Column positions from the header row; the four columns may come in any order. */
function headerIndexes(fields: string[], line: number): Record<Column, number> {
  if (fields.length !== COLUMNS.length)
    throw atLine(line, `o arquivo deve ter 4 colunas (${COLUMNS.join(', ')}), encontradas ${fields.length}`);
  const names = fields.map(normalize);
  const idx = {} as Record<Column, number>;
  for (const c of COLUMNS) {
    const i = names.indexOf(c);
    if (i < 0) throw bad(REVIEW_MESSAGES.badHeader);
    idx[c] = i;
  }
  return idx;
}

/** The row as a review, or what is wrong with it (the first problem found). */
function checkRow(fields: string[], idx: Record<Column, number>): ReviewRow | string {
  if (fields.length !== COLUMNS.length) return `esperadas 4 colunas, encontradas ${fields.length}`;
  const get = (c: Column) => (fields[idx[c]] ?? '').trim();
  const stars = get('estrelas');
  if (!/^[1-5]$/.test(stars)) return `estrelas deve ser um número de 1 a 5 (recebido "${stars.slice(0, 20)}")`;
  // Names are display names (shared/text-rules.ts): invisible bidi and zero-width characters go.
  const reviewer_name = stripInvisibleChars(get('nome')).trim();
  const reviewer_city = stripInvisibleChars(get('cidade')).trim();
  const review_text = get('avaliacao');
  if (hasControlChars(reviewer_name) || hasControlChars(reviewer_city) || hasControlChars(review_text, true)) return 'caracteres inválidos';
  if (!reviewer_name) return 'nome vazio';
  if (reviewer_name.length > REVIEW_CSV_LIMITS.maxNameLength) return 'nome muito longo (máx 255 caracteres)';
  if (reviewer_city.length > REVIEW_CSV_LIMITS.maxCityLength) return 'cidade muito longa (máx 255 caracteres)';
  return { reviewer_name, review_text, rating: Number(stars), reviewer_city };
}

/** A CSV as the import reads it: how it was read, its good rows and every bad row's problem. */
export type ReviewCsvReading = {
  separator: Separator;
  encoding: CsvEncoding;
  rows: { line: number; review: ReviewRow }[];
  /** `message` names the line ('Linha 4: ...'), as the import's refusal does. */
  errors: { line: number; message: string }[];
};

/**
 * Reads an uploaded review CSV with the import's rules. A problem with the file as a whole (none
 * chosen, too big, not a CSV, bad header, no rows) is thrown; bad rows are collected, so a preview
 * can list them all while the import refuses the file at the first one.
 */
export function analyzeReviewCsv(upload: BufferUpload | undefined): ReviewCsvReading {
  if (!upload || (!upload.filename && upload.data.length === 0)) throw bad(REVIEW_MESSAGES.fileRequired);
  if (upload.truncated || upload.data.length > REVIEW_CSV_LIMITS.maxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', REVIEW_MESSAGES.tooLarge);
  if (!/\.csv$/i.test(upload.filename)) throw bad(REVIEW_MESSAGES.notCsvName);
  const { text, encoding } = decodeCsvBytes(upload.data);
  if (looksBinary(text)) throw bad(REVIEW_MESSAGES.notCsvContent);
  if (text.trim() === '') throw bad(REVIEW_MESSAGES.empty);

  const separator = detectSeparator(text);
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text, separator);
  } catch (e) {
    if (e instanceof CsvSyntaxError) throw atLine(e.line, e.message);
    throw e;
  }
  const [header, ...data] = records;
  if (!header) throw bad(REVIEW_MESSAGES.empty);
  const idx = headerIndexes(header.fields, header.line);
  if (data.length === 0) throw bad(REVIEW_MESSAGES.noRows);
  if (data.length > REVIEW_CSV_LIMITS.maxRows) throw bad(REVIEW_MESSAGES.tooManyRows);
  const reading: ReviewCsvReading = { separator, encoding, rows: [], errors: [] };
  for (const r of data) {
    const checked = checkRow(r.fields, idx);
    if (typeof checked === 'string') reading.errors.push({ line: r.line, message: atLine(r.line, checked).message });
    else reading.rows.push({ line: r.line, review: checked });
  }
  return reading;
}

/**
 * Checks an uploaded review CSV and returns its rows, or refuses the whole file with a message
 * naming the first bad line: nothing is imported from a file with any bad row.
 */
export function readReviewCsv(upload: BufferUpload | undefined): ReviewRow[] {
  const reading = analyzeReviewCsv(upload);
  const first = reading.errors[0];
  if (first) throw bad(first.message);
  return reading.rows.map((r) => r.review);
}

/** The same review twice in a file (a copied line) would still be a repeated review: keep one. */
export function distinctReviews(rows: ReviewRow[]): ReviewRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = JSON.stringify([r.reviewer_name, r.review_text, r.rating, r.reviewer_city]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
