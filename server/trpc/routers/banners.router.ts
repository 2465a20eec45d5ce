import { z } from 'zod';
import { ZBanner, ZBannerFields, ZBannerUpdate } from '../../../shared/content.ts';
import { ZIdInput } from '../../../shared/ids.ts';
import { createBanner, deleteBanner, listBanners, updateBanner } from '../../../src/content/banner.service.ts';
import { bannerUploads } from '../../../src/content/uploads.ts';
import { readFormData } from '../../input/form.ts';
import { parseInput } from '../../input/parse.ts';
import { adminProcedure, publicReadProcedure, router, uploadProcedure } from '../trpc.ts';

/**
 * Banners (spec §7): create and update take FormData with title, href, sort_order, `image` and the
 * optional `mobile_image` (phones, 21:9); update also takes `remove_mobile_image`.
 */
export const bannersRouter = router({
  list: publicReadProcedure.output(z.array(ZBanner)).query(({ ctx }) => listBanners(ctx.app)),
  create: uploadProcedure
    .input(z.instanceof(FormData))
    .output(ZBanner)
    .mutation(async ({ ctx, input }) => {
      const { fields, files } = await readFormData(input);
      return createBanner(ctx.app, parseInput(ZBannerFields, fields), bannerUploads(files));
    }),
  update: uploadProcedure
    .input(z.instanceof(FormData))
    .output(ZBanner)
    .mutation(async ({ ctx, input }) => {
      const { fields, files } = await readFormData(input);
      return updateBanner(ctx.app, parseInput(ZBannerUpdate, fields), bannerUploads(files));
    }),
  delete: adminProcedure.input(ZIdInput).mutation(async ({ ctx, input }) => {
    await deleteBanner(ctx.app, input.id);
    return { ok: true };
  }),
});
