import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/errors.ts';
import type { AppContext } from '../../src/context.ts';
import { AppError } from '../../src/errors.ts';
import { catalogueCsv, exportFileName } from '../../src/import/csv-export.ts';
import { checkCsv } from '../../src/import/csv-import.service.ts';
import { CSV_MAX_BYTES } from '../../src/import/csv-import.ts';
import { publicOrigin } from '../ssr/public-url.ts';

const CSV_BODY_MESSAGE = 'Envie um arquivo .csv de produtos';

/** What browsers and spreadsheets send a .csv as. */
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain', 'application/octet-stream'];

async function adminContext(req: FastifyRequest): Promise<AppContext> {
  const ctx = await req.appContext();
  if (!ctx.user?.isAdmin) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
  return ctx;
}

/** The request body, read only after the admin check, refused past `max` bytes. */
async function readBody(stream: Readable, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      throw new AppError('PAYLOAD_TOO_LARGE', `Arquivo muito grande (máx ${max / 1024 / 1024}MB)`);
    }
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

/**
 * The catalogue CSV (src/import): POST /admin-api/catalog/import.csv takes a product CSV as the raw
 * body (its name in X-File-Name) and answers the dry run (nothing written; 'Importar' is the tRPC
 * catalogImport.start); GET /admin-api/catalog/export.csv streams the catalogue in Shopify's
 * format. Admin only; the write is refused cross-site by the security plugin like every other.
 */
export async function importRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(CSV_TYPES, { bodyLimit: CSV_MAX_BYTES }, (_req, payload, done) => done(null, payload));

  app.post(
    '/admin-api/catalog/import.csv',
    { config: { policy: 'admin', fileBody: true }, bodyLimit: CSV_MAX_BYTES },
    async (req, reply) => {
      const ctx = await adminContext(req);
      if (Number(req.headers['content-length'] ?? 0) > CSV_MAX_BYTES)
        throw new AppError('PAYLOAD_TOO_LARGE', `Arquivo muito grande (máx ${CSV_MAX_BYTES / 1024 / 1024}MB)`);
      // Anything but a CSV body (JSON, a form) reached another parser: it is not a file to check.
      if (!(req.body instanceof Readable)) throw new AppError('BAD_REQUEST', CSV_BODY_MESSAGE);
      const data = await readBody(req.body, CSV_MAX_BYTES);
      let fileName = 'produtos.csv';
      try {
        fileName =
          decodeURIComponent(String(req.headers['x-file-name'] ?? fileName))
            .replace(/[\p{Cc}]/gu, '')
            .slice(0, 120) || fileName;
      } catch {}
      reply.header('cache-control', 'no-store');
      return checkCsv(ctx, fileName, data);
    },
  );

  app.get('/admin-api/catalog/export.csv', { config: { policy: 'admin' } }, async (req, reply) => {
    const ctx = await adminContext(req);
    const em = ctx.em.fork();
    const stream = catalogueCsv(em, publicOrigin(req));
    reply.raw.once('close', () => stream.destroy());
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(new Date())}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
