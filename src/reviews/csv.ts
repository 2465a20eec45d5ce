/**
 * A small CSV reader for files exported by spreadsheets (Excel in Brazil writes `;` and
 * Windows-1252; Google Sheets writes `,` and UTF-8): RFC 4180 quoting, CRLF or LF, optional BOM.
 * Written here rather than pulled in as a dependency: the import needs only this much.
 */

export type CsvRecord = { /** 1-based physical line where the record starts. */ line: number; fields: string[] };
export type Separator = ',' | ';';

export class CsvSyntaxError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.name = 'CsvSyntaxError';
    this.line = line;
  }
}

const BOM = [0xef, 0xbb, 0xbf];

/** WHATWG windows-1252 for bytes 0x80-0x9F, where it differs from Latin-1. */
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

export type CsvEncoding = 'utf-8' | 'windows-1252';

/**
 * The text and the encoding it was read with: UTF-8 (BOM dropped) when the bytes are valid UTF-8,
 * else Windows-1252, the other encoding spreadsheets write.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const body = BOM.every((b, i) => bytes[i] === b) ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body), encoding: 'utf-8' };
  } catch {
    // Node 24's TextDecoder('windows-1252') decodes 0x80-0x9F as Latin-1 (nodejs/node#56542):
    // map that range ourselves so '€', '“' and '–' from Excel survive on every Node version.
    const text = new TextDecoder('windows-1252').decode(body).replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
    return { text, encoding: 'windows-1252' };
  }
}

/** The text of a CSV file, whichever of the two encodings it was written in. */
export const decodeCsv = (bytes: Uint8Array): string => decodeCsvBytes(bytes).text;

/** True when the text holds control characters no spreadsheet writes (a binary file renamed .csv). */
export function looksBinary(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  return /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text);
}

/** `;` when the header line (outside quotes) has more semicolons than commas, else `,`. */
export function detectSeparator(text: string): Separator {
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

/**
 * Splits the text into records. Quoted fields may hold the separator, `""` for a quote, and line
 * breaks. Records whose fields are all blank (empty lines, `;;;`) are skipped. A quote inside an
 * unquoted field is kept as text; a quote left open at the end of the file is an error.
 */
export function parseCsv(text: string, sep: Separator): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;

  const endField = () => {
    fields.push(field);
    field = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    if (fields.some((f) => f.trim() !== '')) records.push({ line: recordLine, fields });
    fields = [];
  };

  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      // A CRLF inside quotes is kept as one \n, counted when the \n comes.
      else if (ch === '\r' && text[i + 1] === '\n') continue;
      else {
        if (ch === '\n' || ch === '\r') line++;
        field += ch;
      }
    } else if (ch === '"' && !wasQuoted && field.trim() === '') {
      // Spaces before an opening quote (`a, "b"`) are dropped, as spreadsheets do.
      quoted = true;
      wasQuoted = true;
      field = '';
      quoteLine = line;
    } else if (ch === sep) endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += ch;
  }
  if (quoted) throw new CsvSyntaxError(quoteLine, 'aspas não fechadas');
  endRecord();
  return records;
}
