import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../shared/limits.ts';
import { jsonRefusal } from '../input/json-guard.ts';
import { trpcDatabaseUnavailable, trpcRetryAfter } from '../plugins/db-unavailable.ts';
import { errorBody, logRefusal, trpcErrorBody } from '../plugins/errors.ts';
import { answerCachedRead, isCachedRead, procedurePaths } from './cached-reads.ts';
import { type AppRouter, appRouter } from './router.ts';
import type { ProcedureMeta, TrpcContext } from './trpc.ts';

/** Largest multipart body a tRPC upload may send: a full gallery selection plus form overhead. */
const MAX_UPLOAD_BYTES = LIMITS.galleryMaxFiles * LIMITS.galleryMaxBytes + 1024 * 1024;

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } } | undefined>;

/** Multipart bodies go only to upload procedures, one per request (never batched). */
function isUploadPath(url: string): boolean {
  const paths = procedurePaths(url);
  return paths.length === 1 && procedures[paths[0] ?? '']?._def.meta?.upload === true;
}

/**
 * Admin and session answers are never stored by a browser or a proxy: any batch with an admin
 * procedure, a mutation (POST) or an auth procedure (the session itself) gets `no-store`.
 */
function isPrivateAnswer(method: string, url: string): boolean {
  if (method !== 'GET') return true;
  return procedurePaths(url).some((p) => p.startsWith('auth.') || procedures[p]?._def.meta?.policy !== 'public');
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
  // Fastify's own refusals on /trpc URLs (body too large, bad JSON content type) in tRPC's envelope.
  app.setErrorHandler((err, req, reply) => {
    const { status, body } = errorBody(err);
    logRefusal(req.log, status, err);
    return reply.code(status).send(trpcErrorBody(status, body.error));
  });
  // Route-level policies live on each procedure (publicProcedure / adminProcedure).
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), policy: 'public' };
  });
  // The adapter parses JSON itself, outside Fastify's guards: too deep or prototype-poisoned input
  // is refused here, body or `?input=` alike (input/json-guard.ts).
  app.addHook('preHandler', async (req, reply) => {
    const raw = typeof req.body === 'string' ? req.body : (req.query as { input?: unknown }).input;
    const refusal = typeof raw === 'string' ? jsonRefusal(raw) : null;
    if (refusal) return reply.code(400).send(trpcErrorBody(400, refusal));
    // Public reads of the catalogue, content and settings: from the public cache (cached-reads.ts).
    if (isCachedRead(req)) return answerCachedRead(req, reply);
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: 10,
      createContext: async ({ req, res }): Promise<TrpcContext> => ({
        app: await req.appContext().catch((e) => Promise.reject(trpcDatabaseUnavailable(e) ?? e)),
        http: { fastify: app, req, reply: res },
      }),
      responseMeta: trpcRetryAfter,
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, path }, 'trpc procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
