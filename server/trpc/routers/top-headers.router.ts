import { z } from 'zod';
import { ZTopHeader, ZTopHeaderCreate, ZTopHeaderUpdate } from '../../../shared/content.ts';
import { ZIdInput } from '../../../shared/ids.ts';
import { createTopHeader, deleteTopHeader, listTopHeaders, updateTopHeader } from '../../../src/content/top-header.service.ts';
import { adminProcedure, publicReadProcedure, router } from '../trpc.ts';

/** Announcement bars (spec §7 "Top headers"). */
export const topHeadersRouter = router({
  list: publicReadProcedure.output(z.array(ZTopHeader)).query(({ ctx }) => listTopHeaders(ctx.app)),
  create: adminProcedure
    .input(ZTopHeaderCreate)
    .output(ZTopHeader)
    .mutation(({ ctx, input }) => createTopHeader(ctx.app, input)),
  update: adminProcedure
    .input(ZTopHeaderUpdate)
    .output(ZTopHeader)
    .mutation(({ ctx, input }) => updateTopHeader(ctx.app, input)),
  delete: adminProcedure.input(ZIdInput).mutation(async ({ ctx, input }) => {
    await deleteTopHeader(ctx.app, input.id);
    return { ok: true };
  }),
});
