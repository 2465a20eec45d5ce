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

/** An integer clamped into [min, max]; anything unreadable falls back to `fallback`. */
export const zIntInRange = (min: number, max: number, fallback: number) =>
  z.unknown().transform((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
    return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
  });
