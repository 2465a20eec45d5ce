import { AppError } from '../errors.ts';

/** numeric(12,2): at most 10 digits before the decimal separator. */
const MONEY = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/**
 * A price as the admin form or a legacy client sends it ("89,90", "89.90", "89.9", "89") to the
 * numeric string stored in numeric(12,2) ("89.90"). Negative values, thousands separators and
 * more than 2 decimals are refused rather than guessed.
 */
export function parseMoney(raw: string, message: string): string {
  const m = MONEY.exec(raw.trim().replace(',', '.'));
  if (!m?.[1]) throw new AppError('BAD_REQUEST', message);
  return `${BigInt(m[1])}.${(m[2] ?? '').padEnd(2, '0')}`;
}

/** The old (crossed-out) price: empty or null means none. */
export function parseOptionalMoney(raw: string | null | undefined, message: string): string | null {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  return parseMoney(raw, message);
}
