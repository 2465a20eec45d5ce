import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../shared/limits.ts';
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

/** The procedures a /trpc URL names (one, or a batch joined by commas). */
function procedurePaths(url: string): string[] {
  return decodeURIComponent(url.split('?')[0]?.replace(/^\/trpc\//, '') ?? '').split(',');
}

/**
 * Admin and session answers are never stored by a browser or a proxy: any batch with an admin
 * procedure, a mutation (POST) or an auth procedure (the session itself) gets `no-store`.
 */
function isPrivateAnswer(method: string, url: string): boolean {
  if (method !== 'GET') return true;
  return procedurePaths(url).some((p) => p.startsWith('auth.') || procedures[p]?._def.meta?.policy !== 'public');
}

function hasProtoKey(json: string): boolean {
  if (!json.includes('__proto__') && !json.includes('prototype')) return false;
  try {
    JSON.parse(json, (key, value) => {
      if (key === '__proto__' || (key === 'prototype' && typeof value === 'object')) throw new Error('poisoned');
      return value;
    });
    return false;
  } catch (e) {
    return (e as Error).message === 'poisoned';
  }
}

/** Mounts the tRPC router at /trpc; every procedure gets the same AppContext as the other adapters. */
export async function trpcRoutes(app: FastifyInstance): Promise<void> {
  // FormData mutations reach tRPC as a raw stream, outside Fastify's bodyLimit: cap them by
  // Content-Length here (Node never delivers more bytes than announced; chunked bodies are refused).
  app.addHook('onRequest', async (req, reply) => {
    if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) return;
    if (!isUploadPath(req.url)) {
      return reply
        .code(415)
        .send({ error: { message: 'Tipo de conteúdo não suportado', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 415 } } });
    }
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length <= MAX_UPLOAD_BYTES) return;
    const status = Number.isFinite(length) ? 413 : 411;
    const message = status === 413 ? 'Arquivo ou requisição grande demais' : 'Content-Length obrigatório';
    return reply
      .code(status)
      .header('connection', 'close')
      .send({ error: { message, code: -32600, data: { code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', httpStatus: status } } });
  });
  app.addHook('onSend', async (req, reply) => {
    if (isPrivateAnswer(req.method, req.url)) reply.header('cache-control', 'no-store');
  });
  // Route-level policies live on each procedure (publicProcedure / adminProcedure).
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), policy: 'public' };
  });
  // The adapter parses JSON itself, outside Fastify's prototype-poisoning guard: refuse here.
  app.addHook('preHandler', async (req, reply) => {
    const raw = typeof req.body === 'string' ? req.body : (req.query as { input?: unknown }).input;
    if (typeof raw === 'string' && hasProtoKey(raw)) {
      return reply
        .code(400)
        .send({ error: { message: 'Requisição inválida', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } });
    }
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: 10,
      createContext: async ({ req, res }): Promise<TrpcContext> => ({
        app: await req.appContext(),
        http: { fastify: app, req, reply: res },
      }),
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, path }, 'trpc procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
