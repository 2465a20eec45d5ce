import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../shared/errors.ts';
import { UploadStaging } from '../../src/media/staging.ts';
import { trpcErrorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** An upload's (multipart request's) signal: aborts when the client goes before its answer. */
    uploadSignal?: AbortSignal;
    /** Where an admitted upload's files are streamed to disk (src/media/staging.ts); removed with its answer. */
    uploadStaging?: UploadStaging;
  }
}

/** What a refused upload is told to wait before trying again, in seconds. */
export const UPLOAD_RETRY_AFTER_SECONDS = 10;

const isUpload = (req: FastifyRequest) => req.method === 'POST' && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');

/**
 * Admission for uploads. Every multipart request (image uploads on the legacy and tRPC routes,
 * the reviews CSV) takes one of `slots` before anything of its body is read, and gives it back
 * when its answer is sent or its client goes. With none free it is answered at once 503 with
 * Retry-After and the shop's message, its body never read: memory and image work stay bounded
 * however many uploads arrive (each streams at most a full gallery, 10 × 5 MB, to disk while it is in).
 *
 * A client that closes the connection before its answer aborts `req.uploadSignal` (the
 * AppContext's `signal`): the services stop between images and keep nothing (media.service.ts).
 * An admitted upload's files are streamed to `req.uploadStaging` (never held in memory, see
 * server/input/form.ts); whatever of them is left goes when the slot is given back.
 */
export const uploadGatePlugin = fp(
  async (app: FastifyInstance, opts: { slots: number; uploadsDir: string }) => {
    let taken = 0;
    const slotOf = new WeakMap<FastifyRequest, () => void>();
    app.addHook('onRequest', async (req, reply) => {
      if (!isUpload(req)) return;
      if (taken >= opts.slots) {
        const body = req.url.startsWith('/trpc/') ? trpcErrorBody(503, MESSAGES.uploadsBusy) : { error: MESSAGES.uploadsBusy };
        // The body is not read: the connection goes with the answer.
        return reply.code(503).header('retry-after', String(UPLOAD_RETRY_AFTER_SECONDS)).header('connection', 'close').send(body);
      }
      taken++;
      const gone = new AbortController();
      req.uploadSignal = gone.signal;
      const staging = new UploadStaging(opts.uploadsDir);
      req.uploadStaging = staging;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        taken--;
        void staging.release();
      };
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
        release();
      });
      slotOf.set(req, release);
    });
    app.addHook('onResponse', async (req) => slotOf.get(req)?.());
  },
  { name: 'upload-gate' },
);
