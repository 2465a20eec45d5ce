import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { STORED_IMAGE, variantOf } from '../../shared/image-variants.ts';
import { folderNames } from './folder-names.ts';
import { imageFiles } from './image-files.ts';

/**
 * Whether a stored original has every variant on disk, checked synchronously: about 2 µs a file
 * where promises through the thread pool cost ten times as much. For the pass over the whole
 * folder, which looks at every original's ten variants.
 */
export function hasEveryVariant(dir: string, url: string): boolean {
  const [, ...variants] = imageFiles(url);
  return variants.every((v) => existsSync(join(dir, v)));
}

/** Whether a file name in the uploads folder is a stored original (not a variant, marker or temporary file). */
export const isOriginalName = (name: string): boolean => STORED_IMAGE.test(`/uploads/${name}`);

/** The longest name a stored original has (a uuid and `.webp`): every variant's is longer. */
const ORIGINAL_NAME_MAX = 36 + '.webp'.length;
/**
 * An image's key in the survey's sets: its uuid's first 28 bits (seven hex digits), a small
 * integer rather than a string. On the 20,000-product folder the survey peaked at 86 MB with the
 * uuids' strings, 73-77 MB with these keys (66 MB when it looked for originals only). Images
 * sharing a key (a few among 69,000) are harmless: a variant whose key is
 * another image's original stays in place, and one named by mistake is looked at again by the
 * server, which finds its original (`removeLoneVariant`).
 */
const keyOf = (name: string) => Number.parseInt(name.slice(0, 7), 16);

/** What the start's survey finds: an original and whether it has all its variants, or a variant without its original. */
export type SurveyFinding = { original: string; complete: boolean } | { lone: string };

/**
 * Every stored original in `dir`, name by name (the folder is never listed whole:
 * folder-names.ts), and whether it has all its variants; then the variants found without their
 * original (the server removes those still without it: file-store.ts, `removeLoneVariant`). What
 * is kept meanwhile is a key per original (69,000 on a 20,000-product shop) and per variant seen
 * without one; the folder is read again only when some are left, for their files' names. Errors
 * reading the folder are thrown.
 */
export function* surveyFolder(dir: string): Generator<SurveyFinding> {
  const originals = new Set<number>();
  const lone = new Set<number>();
  for (const name of folderNames(dir)) {
    if (name.length <= ORIGINAL_NAME_MAX) {
      if (!isOriginalName(name)) continue;
      const key = keyOf(name);
      originals.add(key);
      lone.delete(key);
      yield { original: name, complete: hasEveryVariant(dir, `/uploads/${name}`) };
      continue;
    }
    // A variant waits in `lone` until its original is read (most were read before it).
    if (!variantOf(name)) continue;
    const key = keyOf(name);
    if (!originals.has(key)) lone.add(key);
  }
  if (lone.size === 0) return;
  for (const name of folderNames(dir)) if (variantOf(name) && lone.has(keyOf(name))) yield { lone: name };
}

/** Every stored original in `dir` and whether it has all its variants (`surveyFolder`'s originals). */
export function* surveyOriginals(dir: string): Generator<{ name: string; complete: boolean }> {
  for (const found of surveyFolder(dir)) if ('original' in found) yield { name: found.original, complete: found.complete };
}
