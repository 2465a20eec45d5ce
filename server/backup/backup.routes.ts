import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BACKUP_UPLOAD_MAX_BYTES, backupFileName } from '../../shared/backup.ts';
import { MESSAGES } from '../../shared/errors.ts';
import { prepareBackup } from '../../src/backup/backup.service.ts';
import { restoreBackup } from '../../src/backup/restore.service.ts';
import type { AppContext } from '../../src/context.ts';
import { AppError } from '../../src/errors.ts';

/** The archive types a restore accepts as its raw body (no multipart: the body is the archive). */
const ARCHIVE_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream'];

async function adminContext(req: FastifyRequest): Promise<AppContext> {
  const ctx = await req.appContext();
  if (!ctx.user?.isAdmin) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
  return ctx;
}

/**
 * The admin's backup (src/backup): GET /admin-api/backup streams the whole shop as a .tar.gz
 * (an admin session's read: private, never stored by a cache); POST /admin-api/backup/restore takes
 * an archive as the raw request body and restores it into an empty shop. Writes are refused
 * cross-site by the security plugin like every other write.
 */
export async function backupRoutes(app: FastifyInstance): Promise<void> {
  // The archive reaches the handler as the request stream, read only after the admin check.
  app.addContentTypeParser(ARCHIVE_TYPES, (_req, payload, done) => done(null, payload));

  app.get('/admin-api/backup', { config: { policy: 'admin' } }, async (req, reply) => {
    const ctx = await adminContext(req);
    const backup = await prepareBackup({ em: ctx.em, uploadsDir: ctx.uploadsDir, databaseKind: app.db.kind });
    const stream = backup.stream();
    stream.once('close', () => void backup.dispose());
    reply.raw.once('close', () => stream.destroy());
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${backupFileName(new Date())}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  app.post('/admin-api/backup/restore', { config: { policy: 'admin', fileBody: true } }, async (req, reply) => {
    const ctx = await adminContext(req);
    if (
      !ARCHIVE_TYPES.includes(
        String(req.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim() ?? '',
      )
    ) {
      throw new AppError('BAD_REQUEST', MESSAGES.unsupportedMediaType);
    }
    if (Number(req.headers['content-length'] ?? 0) > BACKUP_UPLOAD_MAX_BYTES)
      throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge);
    const r = await restoreBackup({ em: ctx.em, uploadsDir: ctx.uploadsDir, maxBytes: BACKUP_UPLOAD_MAX_BYTES }, req.body as Readable);
    reply.header('cache-control', 'no-store');
    return { ok: true, rows: r.rows, files: r.files, createdAt: r.manifest.createdAt, full: r.manifest.full };
  });
}
