import { stripInvisibleChars } from '../../shared/text-rules.ts';

/**
 * The name a user gave a file, safe to store and show: no directories ("../../x.png" -> "x.png"),
 * no control, markup, bidi or zero-width characters, at most 255 characters. Never used as a path on disk: files
 * are stored under server-chosen names.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control characters, markup, and the bidi and zero-width characters that disguise a name (shared/text-rules.ts).
  const clean = stripInvisibleChars(base.replace(/[\p{Cc}<>:"|?*]/gu, '')).trim();
  return clean.slice(-255) || 'imagem';
}
