import { z } from 'zod';
import { ZBanner, ZLayout } from '../../../shared/content.ts';
import { listBanners } from '../../../src/content/banner.service.ts';
import { getLayout } from '../../../src/content/content.service.ts';
import { publicReadProcedure, router } from '../trpc.ts';

/** The storefront's reads: what the layout draws on every page, and the home carousel. */
export const contentRouter = router({
  layout: publicReadProcedure.output(ZLayout).query(({ ctx }) => getLayout(ctx.app)),
  banners: publicReadProcedure.output(z.array(ZBanner)).query(({ ctx }) => listBanners(ctx.app, { activeOnly: true })),
});
