import { z } from 'zod';
import { ZBanner, ZBannerFields, ZBannerUpdate } from '../../../shared/content.ts';
import { ZIdInput } from '../../../shared/ids.ts';
import { createBanner, deleteBanner, listBanners, updateBanner } from '../../../src/content/banner.service.ts';
import { imageField } from '../../../src/content/uploads.ts';
import { parseInput } from '../../legacy/parse.ts';
import { readForm } from '../form-data.ts';
import { adminProcedure, publicProcedure, router } from '../trpc.ts';

/** Banners (spec §7): create and update take FormData with title, href, sort_order and `image`. */
export const bannersRouter = router({
  list: publicProcedure.output(z.array(ZBanner)).query(({ ctx }) => listBanners(ctx.app)),
  create: adminProcedure
    .input(z.instanceof(FormData))
    .output(ZBanner)
    .mutation(async ({ ctx, input }) => {
      const { fields, files } = await readForm(input);
      return createBanner(ctx.app, parseInput(ZBannerFields, fields), imageField(files));
    }),
  update: adminProcedure
    .input(z.instanceof(FormData))
    .output(ZBanner)
    .mutation(async ({ ctx, input }) => {
      const { fields, files } = await readForm(input);
      return updateBanner(ctx.app, parseInput(ZBannerUpdate, fields), imageField(files));
    }),
  delete: adminProcedure.input(ZIdInput).mutation(async ({ ctx, input }) => {
    await deleteBanner(ctx.app, input.id);
    return { ok: true };
  }),
});
