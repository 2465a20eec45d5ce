import { z } from 'zod';
import { ZCollection, ZCollectionCreate, ZCollectionCreated, ZCollectionReorder, ZCollectionUpdate } from '../../../shared/catalog.ts';
import { ZIdInput } from '../../../shared/ids.ts';
import { listCollections } from '../../../src/catalog/catalog.service.ts';
import { createCollection, deleteCollection, reorderCollections, updateCollection } from '../../../src/catalog/collection.service.ts';
import { adminProcedure, publicReadProcedure, router } from '../trpc.ts';

export const collectionsRouter = router({
  list: publicReadProcedure.output(z.array(ZCollection)).query(({ ctx }) => listCollections(ctx.app)),
  create: adminProcedure
    .input(ZCollectionCreate)
    .output(ZCollectionCreated)
    .mutation(({ ctx, input }) => createCollection(ctx.app, input)),
  update: adminProcedure
    .input(ZCollectionUpdate)
    .output(ZCollection)
    .mutation(({ ctx, input }) => updateCollection(ctx.app, input)),
  reorder: adminProcedure.input(ZCollectionReorder).mutation(async ({ ctx, input }) => {
    await reorderCollections(ctx.app, input.orders);
    return { ok: true };
  }),
  delete: adminProcedure.input(ZIdInput).mutation(async ({ ctx, input }) => {
    await deleteCollection(ctx.app, input.id);
    return { ok: true };
  }),
});
