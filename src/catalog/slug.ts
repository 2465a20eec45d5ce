import { type EntityManager, type EntityName, FlushMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { normalizeForSearch } from './search.ts';

/** "Camisa Açaí & Cia" -> "camisa-acai-cia": lower case, accent-free, hyphenated. */
export function slugify(text: string): string {
  return normalizeForSearch(text).replace(/\s+/g, '-').slice(0, 200).replace(/-+$/, '') || 'item';
}

// biome-ignore lint/suspicious/noExplicitAny: any entity with id and slug columns
type SlugEntity = EntityName<any>;

/** A slug not used by another row of `entity` (suffixes -2, -3, ... on clashes). */
export async function uniqueSlug(em: EntityManager, entity: SlugEntity, text: string, exceptId?: number): Promise<string> {
  const base = slugify(text);
  // Only the base and its numbered variants: a short title never loads half the catalogue.
  const taken = (await em.find(
    entity,
    { slug: { $re: `^${base}(-[0-9]+)?$` } },
    { fields: ['id', 'slug'] as never, flushMode: FlushMode.COMMIT },
  )) as {
    id: number;
    slug: string;
  }[];
  const used = new Set(taken.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`;
}

/**
 * Flushes a row whose slug was just chosen. Two requests creating the same title at once can pick
 * the same slug; the unique index refuses the second, which then takes the next free slug.
 */
export async function flushWithUniqueSlug(
  em: EntityManager,
  entity: SlugEntity,
  row: { id?: number; slug: string },
  text: string,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await em.flush();
      return;
    } catch (e) {
      if (!(e instanceof UniqueConstraintViolationException) || !/slug/.test(e.message) || attempt >= 5) throw e;
      row.slug = await uniqueSlug(em, entity, text, row.id);
    }
  }
}
