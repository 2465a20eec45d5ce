/**
 * CNPJ and CPF, the Brazilian company and person tax ids a shop must show (Decreto 7.962/2013,
 * art. 2). Stored normalised (digits only; a CNPJ's first 12 characters may be letters, upper
 * case, as the Receita Federal issues them from July 2026 under IN RFB 2.229/2024) and shown
 * formatted: 00.000.000/0000-00 or 000.000.000-00.
 */
export type TaxIdKind = 'cnpj' | 'cpf';
export type TaxId = { kind: TaxIdKind; value: string };

export const TAX_ID_MESSAGES = {
  invalid: 'CNPJ ou CPF inválido: use 14 caracteres de CNPJ (00.000.000/0000-00) ou 11 dígitos de CPF (000.000.000-00)',
  cnpj: 'CNPJ inválido: os dígitos verificadores não conferem',
  cpf: 'CPF inválido: os dígitos verificadores não conferem',
  repeated: 'CNPJ ou CPF inválido: um número com todos os dígitos iguais não existe',
} as const;

/** A character's value in the check-digit sums: its code minus 48 ('0'..'9' → 0..9, 'A' → 17 … 'Z' → 42). */
const value = (c: string) => c.charCodeAt(0) - 48;

/** One mod-11 check digit over `body` with weights cycling `from` down to 2 (then 9 down, for CNPJ). */
function checkDigit(body: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += value(body[i] as string) * (weights[i] as number);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_WEIGHTS = (n: number) => Array.from({ length: n }, (_, i) => n + 1 - i);
const CNPJ_WEIGHTS = (n: number) => Array.from({ length: n }, (_, i) => ((n - 1 - i) % 8) + 2);

/** The 11 digits pass both CPF check digits and are not one digit repeated (111.111.111-11 passes the sums but no one has it). */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const first = checkDigit(digits.slice(0, 9), CPF_WEIGHTS(9));
  const second = checkDigit(digits.slice(0, 10), CPF_WEIGHTS(10));
  return digits.endsWith(`${first}${second}`);
}

/** 12 digits or capital letters then 2 check digits that pass the CNPJ sums; not one character repeated. */
export function isValidCnpj(value14: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value14) || /^(.)\1{13}$/.test(value14)) return false;
  const first = checkDigit(value14.slice(0, 12), CNPJ_WEIGHTS(12));
  const second = checkDigit(value14.slice(0, 13), CNPJ_WEIGHTS(13));
  return value14.endsWith(`${first}${second}`);
}

/**
 * What the owner typed, with or without dots, slashes, dashes and spaces, as a checked tax id; or
 * the message that says what is wrong. An empty text is no tax id (the field is optional).
 */
export function parseTaxId(raw: string): { ok: true; id: TaxId | null } | { ok: false; message: string } {
  const compact = raw.replace(/[\s./-]/g, '').toUpperCase();
  if (compact === '') return { ok: true, id: null };
  if (/^(.)\1+$/.test(compact)) return { ok: false, message: TAX_ID_MESSAGES.repeated };
  if (/^\d{11}$/.test(compact)) {
    return isValidCpf(compact) ? { ok: true, id: { kind: 'cpf', value: compact } } : { ok: false, message: TAX_ID_MESSAGES.cpf };
  }
  if (/^[0-9A-Z]{12}\d{2}$/.test(compact)) {
    return isValidCnpj(compact) ? { ok: true, id: { kind: 'cnpj', value: compact } } : { ok: false, message: TAX_ID_MESSAGES.cnpj };
  }
  return { ok: false, message: TAX_ID_MESSAGES.invalid };
}

/** A stored tax id's kind: 11 characters are a CPF, 14 a CNPJ, anything else none. */
export function taxIdKind(stored: string): TaxIdKind | null {
  return stored.length === 11 ? 'cpf' : stored.length === 14 ? 'cnpj' : null;
}

/** A stored tax id formatted: 12.345.678/0001-95, 123.456.789-09; '' for none. */
export function formatTaxId(stored: string): string {
  const kind = taxIdKind(stored);
  if (kind === 'cpf') return stored.replace(/^(.{3})(.{3})(.{3})(.{2})$/, '$1.$2.$3-$4');
  if (kind === 'cnpj') return stored.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
  return '';
}

/** 'CNPJ 12.345.678/0001-95' or 'CPF 123.456.789-09' (the labels are the same in every language); '' for none. */
export function labelledTaxId(stored: string): string {
  const kind = taxIdKind(stored);
  return kind ? `${kind.toUpperCase()} ${formatTaxId(stored)}` : '';
}
