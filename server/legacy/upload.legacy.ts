import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CATALOG_MESSAGES } from '../../shared/catalog.ts';
import { AppError } from '../../src/errors.ts';
import { uploadImage } from '../../src/media/upload.service.ts';
import { legacyRoute, params } from './legacy-route.ts';
import { type MultipartBody, readBody } from './multipart.ts';

/**
 * A multipart (or JSON/form) body with the query string merged under it, so ids may come as
 * `?id=` or in the body. Going past the per-request file count answers the spec's gallery error,
 * not a bare 413.
 */
export async function readLegacyForm(req: FastifyRequest): Promise<{ raw: Record<string, unknown>; files: MultipartBody['files'] }> {
  // JSON and form bodies keep their own types (a JSON null clears old_price, numbers stay numbers).
  if (!req.isMultipart()) return { raw: params(req), files: [] };
  try {
    const { fields, files } = await readBody(req);
    return { raw: { ...(req.query as Record<string, unknown>), ...fields }, files };
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', CATALOG_MESSAGES.tooManyImages);
    throw e;
  }
}

/** POST /upload.php (spec §7 "Other calls"): multipart `file` -> { ok, url }. */
export function uploadLegacy(app: FastifyInstance): void {
  legacyRoute(app, {
    method: 'POST',
    url: '/upload.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const { files } = await readLegacyForm(req);
      const { url } = await uploadImage(
        ctx,
        files.find((f) => f.field === 'file'),
      );
      return { ok: true, url };
    },
  });
}
