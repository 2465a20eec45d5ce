import { z } from 'zod';
import { ZBanner, ZLayout } from '../../../shared/content.ts';
import { listBanners, listFooterIcons, listFooterSections, listTopHeaders } from '../../../src/content/content.service.ts';
import { publicProcedure, router } from '../trpc.ts';

export const contentRouter = router({
  /** What the storefront layout draws on every page: announcement bars and footer. */
  layout: publicProcedure.output(ZLayout).query(async ({ ctx }) => ({
    topHeaders: await listTopHeaders(ctx.app),
    footerSections: await listFooterSections(ctx.app),
    footerIcons: await listFooterIcons(ctx.app, { activeOnly: true }),
  })),
  banners: publicProcedure.output(z.array(ZBanner)).query(({ ctx }) => listBanners(ctx.app, { activeOnly: true })),
});
