import { normalizeMoney } from '../../shared/coerce.ts';
import { AppError } from '../errors.ts';

/**
 * A price as the admin form or a legacy client sends it ("89,90", "89.90", "89.9", "89",
 * "1.234,56") to the numeric string stored in numeric(12,2) ("89.90"). Negative values, more than
 * 2 decimals and dots that could be thousands or decimals ("1.500") are refused rather than
 * guessed (shared/coerce.ts normalizeMoney, the one rule for every amount an owner types).
 */
export function parseMoney(raw: string, message: string): string {
  const money = normalizeMoney(raw);
  if (money === null) throw new AppError('BAD_REQUEST', message);
  return money;
}

/** The old (crossed-out) price: empty or null means none. */
export function parseOptionalMoney(raw: string | null | undefined, message: string): string | null {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  return parseMoney(raw, message);
}
