import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../../shared/limits.ts';
import { jsonRefusal } from '../input/json-guard.ts';
import { isMultipartRequest } from '../input/staged-form.ts';
import { DB_RETRY_AFTER_SECONDS, DB_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../plugins/db-unavailable.ts';
import { errorBody, logRefusal, trpcErrorBody } from '../plugins/errors.ts';
import { answerCachedRead, isCachedRead, procedureMeta, procedurePaths, trpcHandlerOptions } from '../public-cache/trpc-reads.ts';
import type { AppRouter } from './router.ts';

/** Largest multipart body a tRPC upload may send: a full gallery selection plus form overhead. */
const MAX_UPLOAD_BYTES = LIMITS.galleryMaxFiles * LIMITS.galleryMaxBytes + 1024 * 1024;

/** Multipart bodies go only to upload procedures, one per request (never batched). */
function isUploadPath(url: string): boolean {
  const paths = procedurePaths(url);
  return paths.length === 1 && procedureMeta(paths[0] ?? '')?.upload === true;
}

/**
 * Every `?input=` of the URL, read as tRPC reads it (URLSearchParams; tRPC takes the first), all
 * of them: a repeated parameter must not hide a refused value from the guard.
 */
function queryInputs(url: string): string[] {
  try {
    return new URL(url, 'http://x').searchParams.getAll('input');
  } catch {
    return []; // tRPC refuses a URL it cannot read itself (400)
  }
}

/**
 * A lost database connection met before tRPC runs (the store-lock lookup of a cached read): 503
 * with Retry-After, as tRPC's own SERVICE_UNAVAILABLE and the legacy routes answer it.
 */
function answerUnavailable(err: unknown, req: FastifyRequest, reply: FastifyReply): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  req.log.warn({ err: { message: (err as Error).message, code: (err as { code?: unknown }).code } }, 'database unavailable');
  const code = 'SERVICE_UNAVAILABLE';
  void reply
    .code(503)
    .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
    .send({ error: { message: DB_UNAVAILABLE_MESSAGE, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus: 503 } } });
  return true;
}

/**
 * Admin and session answers are never stored by a browser or a proxy: any batch with an admin
 * procedure, a mutation (POST) or an auth procedure (the session itself) gets `no-store`.
 */
function isPrivateAnswer(method: string, url: string): boolean {
  if (method !== 'GET') return true;
  return procedurePaths(url).some((p) => p.startsWith('auth.') || procedureMeta(p)?.policy !== 'public');
}

/** Mounts the tRPC router at /trpc; every procedure gets the same AppContext as the other adapters. */
export async function trpcRoutes(app: FastifyInstance): Promise<void> {
  // FormData mutations reach tRPC as a raw stream, outside Fastify's bodyLimit: cap them by
  // Content-Length here (Node never delivers more bytes than announced; chunked bodies are refused).
  app.addHook('onRequest', async (req, reply) => {
    if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) return;
    if (!isUploadPath(req.url)) return reply.code(415).send(trpcErrorBody(415));
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length <= MAX_UPLOAD_BYTES) return;
    const status = Number.isFinite(length) ? 413 : 411;
    return reply.code(status).header('connection', 'close').send(trpcErrorBody(status));
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (isPrivateAnswer(req.method, req.url)) reply.header('cache-control', 'no-store');
    // tRPC labels the refusals it makes before a procedure runs (batch too large, unsupported content
    // type) text/plain: they are JSON.
    if (payload instanceof Response && payload.status >= 400 && /^text\/plain/i.test(payload.headers.get('content-type') ?? '')) {
      payload.headers.set('content-type', 'application/json');
    }
    return payload;
  });
  // Fastify's own refusals on /trpc URLs (body too large, bad JSON content type) in tRPC's envelope;
  // a database outage before tRPC runs as a 503 with Retry-After.
  app.setErrorHandler((err, req, reply) => {
    if (answerUnavailable(err, req, reply)) return reply;
    const { status, body } = errorBody(err);
    logRefusal(req.log, status, err);
    return reply.code(status).send(trpcErrorBody(status, body.error));
  });
  // Route-level policies live on each procedure (publicProcedure / adminProcedure). Cached reads'
  // hits may be answered before the hooks (answerEarlyHit in public-cache/early-hit.ts).
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), policy: 'public', publicCache: 'trpc' };
  });
  // The adapter parses JSON itself, outside Fastify's guards: too deep or prototype-poisoned input
  // is refused here, body or `?input=` alike (input/json-guard.ts).
  app.addHook('preHandler', async (req, reply) => {
    for (const raw of typeof req.body === 'string' ? [req.body] : queryInputs(req.url)) {
      const refusal = jsonRefusal(raw);
      if (refusal) return reply.code(400).send(trpcErrorBody(400, refusal));
    }
    // Public reads of the catalogue, content and settings: from the public cache (public-cache/trpc-reads.ts).
    if (isCachedRead(req)) return answerCachedRead(req, reply);
  });
  // An upload's body is read by its procedure, streamed to disk (uploadProcedure in trpc.ts): tRPC is
  // handed an empty one, so nothing reads the request into memory first.
  app.addHook('preHandler', async (req) => {
    if (req.uploadStaging && isMultipartRequest(req)) req.body = '';
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: trpcHandlerOptions({
      request: (req: FastifyRequest) => req,
      http: ({ req, res }: { req: FastifyRequest; res: FastifyReply }) => ({ fastify: app, req, reply: res }),
    }) satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
