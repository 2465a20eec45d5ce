import type { FastifyInstance } from 'fastify';
import { uploadImage } from '../../src/media/upload.service.ts';
import { readRequestForm } from '../input/form.ts';
import { legacyRoute } from './legacy-route.ts';

/** POST /upload.php (spec §7 "Other calls"): multipart `file` -> { ok, url }. */
export function uploadLegacy(app: FastifyInstance): void {
  legacyRoute(app, {
    method: 'POST',
    url: '/upload.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const { files } = await readRequestForm(req);
      const { url } = await uploadImage(
        ctx,
        files.find((f) => f.field === 'file'),
      );
      return { ok: true, url };
    },
  });
}
