import { LIMITS } from './limits.ts';

/**
 * What text may hold when it crosses the contract boundary, written once. The zod fields that
 * apply these rules to every operation are in text-fields.ts; this file stays free of zod because
 * the storefront bundle imports it (slugs in routes).
 *
 * - Control characters (C0 U+0000–U+001F, DEL, C1 U+0080–U+009F) are refused with
 *   'Caracteres inválidos'. PostgreSQL cannot store NUL at all, and the others hide in names,
 *   break URLs and headers. Multi-line text (descriptions, review text, footer text) lets tab,
 *   line feed and carriage return through.
 * - Invisible formatting characters: bidi embeddings and overrides (U+202A–U+202E), bidi isolates
 *   (U+2066–U+2069), zero-width space, non-joiner and joiner (U+200B–U+200D), word joiner (U+2060)
 *   and the zero-width no-break space / BOM (U+FEFF). They make a name read differently from what
 *   it is (U+202E shows "gnp.exe" as "exe.png"). Display names and titles (products,
 *   collections, banners, announcement bars, footer sections, links and icons, the shop title,
 *   review authors) drop them silently, so what the owner typed stays readable; identifiers
 *   (usernames) refuse them. Emoji sequences joined by U+200D fall apart into their single emoji.
 * - Slugs: 1 to LIMITS.slugMaxLength characters without control characters, in every query
 *   parameter, procedure input and storefront route; anything else is simply not found.
 */

const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
const INVISIBLE = /[\u200B-\u200D\u2060\u202A-\u202E\u2066-\u2069\uFEFF]/gu;

/** True when `text` holds a control character; `multiline` lets tab, line feed and carriage return pass. */
export function hasControlChars(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(text);
}

/** True when `text` holds a bidi control or a zero-width character. */
export function hasInvisibleChars(text: string): boolean {
  INVISIBLE.lastIndex = 0;
  return INVISIBLE.test(text);
}

/** `text` without bidi controls and zero-width characters. */
export function stripInvisibleChars(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** A value that can be a slug: anything else names no product or collection. */
export function isSlug(text: string): boolean {
  return text.length >= 1 && text.length <= LIMITS.slugMaxLength && !hasControlChars(text);
}
