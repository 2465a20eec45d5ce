import { z } from 'zod';

/**
 * Legacy-friendly scalars: booleans arrive as 0/1, '0'/'1', true/false or 'true'/'false'
 * (spec §3), numbers arrive as numbers or numeric strings (multipart sends text).
 */
export const zBool = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** What a PostgreSQL `integer` column holds. */
export const INT32 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** An integer that fits an `integer` column (larger ones are refused, never a database error). */
export const zInt = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+$/),
  ])
  .transform((v) => Number(v))
  .pipe(z.number().int().min(INT32.min).max(INT32.max));

/** An integer in [min, max], as a number or numeric text; anything else is refused with `message`. */
export const zIntBetween = (min: number, max: number, message: string) =>
  z.unknown().transform((v, ctx) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : Number.NaN;
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** A number with up to 2 decimals in [min, max], as a number or text ("7,5" or "7.5"); anything else is refused with `message`. */
export const zPercentBetween = (min: number, max: number, message: string) =>
  z.unknown().transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(',', '.') : '';
    const n = /^\d{1,3}(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
    if (n >= min && n <= max) return n;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/**
 * A money amount as a person types it ("89,90", "89.90", "89.9", "89", and the Brazilian
 * "1.234,56" with thousands dots before a decimal comma) to the numeric(12,2) string stored
 * ("89.90"); null for negative values, more than 2 decimals, more than 10 digits before the
 * separator, or dots that could be either ("1.500" is 1.5 to a legacy client and 1,500 to a
 * Brazilian: refused rather than guessed).
 */
export function normalizeMoney(raw: string): string | null {
  const text = raw.trim();
  const grouped = /^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(text) ? text.replaceAll('.', '') : text;
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(grouped.replace(',', '.'));
  return m?.[1] ? `${BigInt(m[1])}.${(m[2] ?? '').padEnd(2, '0')}` : null;
}

/** A money amount ≥ 0 (text or number) to the stored numeric string; anything else is refused with `message`. */
export const zMoneyText = (message: string) =>
  z.unknown().transform((v, ctx) => {
    const money = typeof v === 'number' || typeof v === 'string' ? normalizeMoney(String(v)) : null;
    if (money !== null) return money;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
