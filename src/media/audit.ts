import { readdir } from 'node:fs/promises';
import type { EntityManager } from '@mikro-orm/core';
import { imageFiles } from './image-files.ts';
import { referencedUploads } from './references.ts';

/** What the uploads folder and the database say about each other (for operators and fault tests). */
export type UploadsAudit = {
  /** Files a row needs that are missing (an original or one of its variants). */
  missing: string[];
  /** Files no row refers to (note: /upload.php images are referred to by no row by design). */
  unreferenced: string[];
  /** Temporary, marker and trashed files: a crash's leftovers until the start-up sweep. */
  pending: string[];
};

/**
 * Compares the uploads folder with every /uploads/ URL the database holds. After a clean start
 * (the sweep has run) `missing` and `pending` are empty whatever happened before.
 */
export async function auditUploads(em: EntityManager, dir: string): Promise<UploadsAudit> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const present = new Set(names);
  const needed = new Set([...(await referencedUploads(em))].flatMap(imageFiles));
  return {
    missing: [...needed].filter((f) => !present.has(f)).sort(),
    unreferenced: names.filter((n) => !n.startsWith('.') && !needed.has(n)).sort(),
    pending: names.filter((n) => n.startsWith('.')).sort(),
  };
}
