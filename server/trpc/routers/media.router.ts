import { z } from 'zod';
import { ZUploadResult } from '../../../shared/catalog.ts';
import { uploadImage } from '../../../src/media/upload.service.ts';
import { readFormData } from '../../input/form.ts';
import { router, uploadProcedure } from '../trpc.ts';

export const mediaRouter = router({
  /** FormData with one image in `file` -> its /uploads/ URL (the twin of /upload.php). */
  upload: uploadProcedure
    .input(z.instanceof(FormData))
    .output(ZUploadResult)
    .mutation(async ({ ctx, input }) => {
      const { files } = await readFormData(input);
      return uploadImage(
        ctx.app,
        files.find((f) => f.field === 'file'),
      );
    }),
});
