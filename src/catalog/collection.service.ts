import {
  type CollectionCreated,
  type CollectionDto,
  type CollectionUpdate,
  collectionSameNameWarning,
  sameCollectionName,
} from '../../shared/catalog.ts';
import { INT32 } from '../../shared/coerce.ts';
import { MESSAGES } from '../../shared/errors.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { idempotentCreate } from '../idempotency/idempotency.service.ts';
import { toCollectionDto } from './catalog.mapper.ts';
import { Collection } from './collection.entity.ts';
import { retryOnSlugClash, uniqueSlug } from './slug.ts';
import { claimSlug, recordSlugChange } from './slug-history.ts';

const NAME_REQUIRED = 'Informe o nome da coleção';

async function findOrFail(ctx: AppContext, id: number) {
  const c = await ctx.em.findOne(Collection, { id });
  if (!c) throw new AppError('NOT_FOUND', MESSAGES.collectionNotFound);
  return c;
}

/**
 * The warning for a name another collection already has (spec §5 sets no rule against it, so the
 * collection is created): two menu entries read the same and only the address tells them apart.
 */
function sameNameWarning(created: CollectionDto, others: { name: string }[]): string | null {
  const twin = others.find((o) => sameCollectionName(o.name, created.name));
  return twin ? collectionSameNameWarning(twin.name, created.slug) : null;
}

/**
 * Creates an active collection at the end of the list; the slug comes from the name. A name
 * another collection has is allowed, with a warning that says so and which address this one got.
 */
export const createCollection = idempotentCreate('collections.create', (ctx: AppContext, input: { name: string }) =>
  retryOnSlugClash(ctx, (c) => createOnce(c, input)),
);

async function createOnce(ctx: AppContext, input: { name: string }): Promise<CollectionCreated> {
  const name = input.name.trim();
  if (!name) throw new AppError('BAD_REQUEST', NAME_REQUIRED);
  const others = await ctx.em.find(Collection, {}, { fields: ['name'] });
  const [last] = await ctx.em.find(Collection, {}, { orderBy: { sort_order: 'desc' }, limit: 1 });
  const slug = await uniqueSlug(ctx.em, Collection, name);
  await claimSlug(ctx.em, 'collection', slug);
  const c = ctx.em.create(Collection, {
    name,
    slug,
    // After the last one, but never past what the column holds (an owner may set the largest value).
    sort_order: Math.min((last?.sort_order ?? 0) + 1, INT32.max),
    active: true,
    created_at: new Date(),
    updated_at: new Date(),
  });
  await ctx.em.flush();
  const collection = toCollectionDto(c);
  return { collection, warning: sameNameWarning(collection, others) };
}

/** Changes name (and so slug; the old one keeps redirecting), active flag or sort order. */
export const updateCollection = (ctx: AppContext, input: CollectionUpdate) => retryOnSlugClash(ctx, (c) => updateOnce(c, input));

async function updateOnce(ctx: AppContext, input: CollectionUpdate): Promise<CollectionDto> {
  const c = await findOrFail(ctx, input.id);
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) throw new AppError('BAD_REQUEST', NAME_REQUIRED);
    if (name !== c.name) {
      const oldSlug = c.slug;
      c.name = name;
      c.slug = await uniqueSlug(ctx.em, Collection, name, c.id);
      await recordSlugChange(ctx.em, 'collection', c, oldSlug, c.slug);
    }
  }
  if (input.active !== undefined) c.active = input.active;
  if (input.sort_order !== undefined) c.sort_order = input.sort_order;
  await ctx.em.flush();
  return toCollectionDto(c);
}

/** Applies a new order in one transaction: every id must exist, or nothing changes. */
export async function reorderCollections(ctx: AppContext, orders: { id: number; sort_order: number }[]): Promise<void> {
  await ctx.em.transactional(async (em) => {
    for (const o of orders) {
      const n = await em.nativeUpdate(Collection, { id: o.id }, { sort_order: o.sort_order, updated_at: new Date() });
      if (n === 0) throw new AppError('NOT_FOUND', MESSAGES.collectionNotFound);
    }
  });
}

/** Deletes a collection; its products stay, without a collection (they show as featured). */
export async function deleteCollection(ctx: AppContext, id: number): Promise<void> {
  await ctx.em.transactional(async (em) => {
    // Its products join the featured list after the products already there, in their old order.
    await em.getConnection().execute(
      `update products p set collection_id = null, position = base.next + moved.rank
         from (select coalesce(max(position), -1) + 1 as next from products where collection_id is null) base,
              (select id, row_number() over (order by position, id) - 1 as rank from products where collection_id = ?) moved
        where p.id = moved.id`,
      [id],
      'run',
      em.getTransactionContext(),
    );
    const n = await em.nativeDelete(Collection, { id });
    if (n === 0) throw new AppError('NOT_FOUND', MESSAGES.collectionNotFound);
  });
}
