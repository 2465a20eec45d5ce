import { z } from 'zod';
import { ZLegalPage, ZLegalPageAdmin, ZLegalPageSlug, ZLegalPageUpdate } from '../../../shared/legal-pages-api.ts';
import { getLegalPage, listLegalPagesForAdmin, restoreLegalTemplate, updateLegalPage } from '../../../src/legal/legal-pages.service.ts';
import { adminProcedure, publicReadProcedure, router } from '../trpc.ts';

/** The legal pages (issue 18 part 3): 'Trocas e devoluções', 'Política de privacidade', 'Termos de uso'. */
export const legalRouter = router({
  page: publicReadProcedure
    .input(z.object({ slug: ZLegalPageSlug }))
    .output(ZLegalPage)
    .query(({ ctx, input }) => getLegalPage(ctx.app, input.slug)),
  admin: adminProcedure.output(z.array(ZLegalPageAdmin)).query(({ ctx }) => listLegalPagesForAdmin(ctx.app)),
  update: adminProcedure
    .input(ZLegalPageUpdate)
    .output(ZLegalPageAdmin)
    .mutation(({ ctx, input }) => updateLegalPage(ctx.app, input.slug, input.text)),
  restore: adminProcedure
    .input(z.object({ slug: ZLegalPageSlug }))
    .output(ZLegalPageAdmin)
    .mutation(({ ctx, input }) => restoreLegalTemplate(ctx.app, input.slug)),
});
