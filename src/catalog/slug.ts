import type { EntityManager, EntityName } from '@mikro-orm/core';
import { normalizeForSearch } from './search.ts';

/** "Camisa Açaí & Cia" -> "camisa-acai-cia": lower case, accent-free, hyphenated. */
export function slugify(text: string): string {
  return normalizeForSearch(text).replace(/\s+/g, '-').slice(0, 200).replace(/-+$/, '') || 'item';
}

/** A slug not used by another row of `entity` (suffixes -2, -3, ... on clashes). */
export async function uniqueSlug(
  em: EntityManager,
  // biome-ignore lint/suspicious/noExplicitAny: any entity with id and slug columns
  entity: EntityName<any>,
  text: string,
  exceptId?: number,
): Promise<string> {
  const base = slugify(text);
  const taken = (await em.find(entity, { slug: { $like: `${base}%` } }, { fields: ['id', 'slug'] as never })) as {
    id: number;
    slug: string;
  }[];
  const used = new Set(taken.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`;
}
