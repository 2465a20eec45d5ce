import { z } from 'zod';
import { MESSAGES } from './errors.ts';
import { LIMITS } from './limits.ts';
import { hasControlChars, stripInvisibleChars } from './text-rules.ts';

/**
 * The zod fields every string input passes through (the rules themselves are written in
 * text-rules.ts):
 *
 * - `zLine`: single-line text (prices, colours, URLs, search terms, passwords): no control character.
 * - `zBlock`: multi-line text (descriptions, footer text): tab and line breaks allowed.
 * - `zName`: a display name or title: single-line, bidi controls and zero-width characters dropped.
 * - `zSlug`: 1 to LIMITS.slugMaxLength characters, single-line.
 *
 * `trim` trims after the invisible characters are gone, before the checks, so "Título\n" from a
 * textarea is still a title. `max` counts the text as stored.
 */
export type TextOptions = { max?: number; tooLong?: string; trim?: boolean };

type Kind = 'line' | 'block' | 'name';

function textField(kind: Kind, { max, tooLong, trim = false }: TextOptions) {
  let checked = z.string().refine((s) => !hasControlChars(s, kind === 'block'), MESSAGES.invalidCharacters);
  if (max !== undefined) checked = checked.max(max, tooLong);
  return z
    .string()
    .transform((s) => {
      const visible = kind === 'name' ? stripInvisibleChars(s) : s;
      return trim ? visible.trim() : visible;
    })
    .pipe(checked);
}

export const zLine = (options: TextOptions = {}) => textField('line', options);
export const zBlock = (options: TextOptions = {}) => textField('block', options);
export const zName = (options: TextOptions = {}) => textField('name', options);

export const zSlug = z
  .string()
  .min(1)
  .max(LIMITS.slugMaxLength)
  .refine((s) => !hasControlChars(s), MESSAGES.invalidCharacters);
