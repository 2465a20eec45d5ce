import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { STORED_IMAGE } from '../../shared/image-variants.ts';
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

/**
 * Every stored original in `dir`, name by name (the folder is never listed whole:
 * folder-names.ts), and whether it has all its variants. Errors reading the folder are thrown.
 */
export function* surveyOriginals(dir: string): Generator<{ name: string; complete: boolean }> {
  for (const name of folderNames(dir)) {
    if (isOriginalName(name)) yield { name, complete: hasEveryVariant(dir, `/uploads/${name}`) };
  }
}
