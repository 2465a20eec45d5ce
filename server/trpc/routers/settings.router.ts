import { z } from 'zod';
import { ZLockedSettings, ZSettings } from '../../../shared/settings.ts';
import { ZAdminSettings } from '../../../shared/settings-input.ts';
import { getAdminSettings, getPublicSettings, settingsImages, updateSettings } from '../../../src/settings/settings.service.ts';
import { readFormData } from '../../input/form.ts';
import { adminProcedure, publicReadProcedure, router, uploadProcedure } from '../trpc.ts';

export const settingsRouter = router({
  /** The storefront's settings, or the lock screen's few fields while the store is locked. */
  get: publicReadProcedure
    .output(z.union([ZSettings, ZLockedSettings.extend({ store_locked: z.literal(true) })]))
    .query(({ ctx }) => getPublicSettings(ctx.app)),
  admin: adminProcedure.output(ZAdminSettings).query(({ ctx }) => getAdminSettings(ctx.app)),
  update: adminProcedure
    .input(z.record(z.string(), z.unknown()))
    .output(ZAdminSettings)
    .mutation(({ ctx, input }) => updateSettings(ctx.app, input)),
  /** The same change with logo, favicon or footer image files (multipart FormData). */
  updateWithImages: uploadProcedure
    .input(z.instanceof(FormData))
    .output(ZAdminSettings)
    .mutation(async ({ ctx, input }) => {
      const { fields, files } = await readFormData(input);
      return updateSettings(ctx.app, fields, settingsImages(files));
    }),
});
