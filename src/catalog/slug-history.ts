import { type EntityManager, FlushMode } from '@mikro-orm/core';
import type { ICollection } from './collection.entity.ts';
import type { IProduct } from './product.entity.ts';
import { SlugHistory } from './slug-history.entity.ts';

/**
 * Old slugs keep links working: a rename records the slug it leaves, and a read by an unknown slug
 * finds the product or collection that had it (pages answer 301 to the current URL, tRPC reads
 * answer the current record so the client can replace its URL). A slug in use always belongs to its
 * live owner: taking one (create or rename) drops its history row. Deleting the owner deletes its
 * history (foreign key cascade). Changes join the caller's unit of work, so they commit with the
 * rename in one transaction.
 */
export type SlugKind = 'product' | 'collection';

/** Records that `owner` leaves `oldSlug` for `newSlug` (call before flushing the rename). */
export async function recordSlugChange(
  em: EntityManager,
  kind: SlugKind,
  owner: IProduct | ICollection,
  oldSlug: string,
  newSlug: string,
): Promise<void> {
  if (oldSlug === newSlug) return;
  const rows = await em.find(SlugHistory, { kind, slug: { $in: [oldSlug, newSlug] } }, { flushMode: FlushMode.COMMIT });
  for (const row of rows) if (row.slug === newSlug) em.remove(row);
  const old = rows.find((r) => r.slug === oldSlug);
  const target =
    kind === 'product' ? { product: owner as IProduct, collection: null } : { collection: owner as ICollection, product: null };
  if (old) em.assign(old, target);
  else em.create(SlugHistory, { kind, slug: oldSlug, ...target, created_at: new Date() });
}

/** A new product or collection takes `slug`: an old owner's history row for it goes. */
export async function claimSlug(em: EntityManager, kind: SlugKind, slug: string): Promise<void> {
  const row = await em.findOne(SlugHistory, { kind, slug }, { flushMode: FlushMode.COMMIT });
  if (row) em.remove(row);
}

/** The product that had `slug` before a rename (and has another one now), or null. */
export async function productByOldSlug(em: EntityManager, slug: string): Promise<IProduct | null> {
  const row = await em.findOne(SlugHistory, { kind: 'product', slug }, { populate: ['product'] });
  return row?.product && row.product.slug !== slug ? (row.product as IProduct) : null;
}

/** The collection that had `slug` before a rename, or null. */
export async function collectionByOldSlug(em: EntityManager, slug: string): Promise<ICollection | null> {
  const row = await em.findOne(SlugHistory, { kind: 'collection', slug }, { populate: ['collection'] });
  return row?.collection && row.collection.slug !== slug ? (row.collection as ICollection) : null;
}
