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
 * Runs a write that picks a slug, again on a fresh unit of work when another request took the same
 * slug between our check and our insert (the unique index refuses the second one). Inside a
 * transaction (an idempotent create) each attempt is a savepoint, so a refused insert does not
 * spoil the transaction and the retry stays in it.
 */
export async function retryOnSlugClash<C extends { em: EntityManager }, T>(ctx: C, run: (ctx: C) => Promise<T>): Promise<T> {
  const inTransaction = ctx.em.isInTransaction();
  for (let attempt = 1; ; attempt++) {
    try {
      if (inTransaction) return await ctx.em.transactional((em) => run({ ...ctx, em }));
      return await run(attempt === 1 ? ctx : { ...ctx, em: ctx.em.fork() });
    } catch (e) {
      if (!(e instanceof UniqueConstraintViolationException) || !/slug/.test(e.message) || attempt >= 5) throw e;
    }
  }
}
