import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CacheSource } from '../../src/cache/public-cache.ts';
import { answerCached, cacheKey } from '../plugins/public-cache.ts';
import { appRouter } from './router.ts';
import type { ProcedureMeta } from './trpc.ts';

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } } | undefined>;

/** The procedures a /trpc URL names (one, or a batch joined by commas). */
export function procedurePaths(url: string): string[] {
  return decodeURIComponent(url.split('?')[0]?.replace(/^\/trpc\//, '') ?? '').split(',');
}

export const procedureMeta = (path: string): ProcedureMeta | undefined => procedures[path]?._def.meta;

/**
 * Cached at the HTTP level, not per procedure: a hit is answered with the stored bytes (already
 * compressed) before tRPC parses anything or a request context is built, which is what lets a
 * public read cost about as much as a static answer. A batch is cached as a whole, keyed by its
 * URL (procedures and inputs); the storefront always asks for the same few batches.
 */
export function isCachedRead(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  // A streaming client (JSON lines) gets another format: answered by tRPC itself.
  if (req.headers['trpc-accept']) return false;
  return procedurePaths(req.url).every((p) => procedureMeta(p)?.cached === true);
}

/** Runs the batch through tRPC's own request handler, with this request's context and no HTTP handle. */
async function resolveBatch(req: FastifyRequest): Promise<CacheSource> {
  const res = await fetchRequestHandler({
    endpoint: '/trpc',
    req: new Request(`http://localhost${req.url}`, { method: 'GET' }),
    router: appRouter,
    maxBatchSize: 10,
    // Cached procedures never read the HTTP request: `http: null` makes sure of it.
    createContext: async () => ({ app: await req.appContext(), http: null }),
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, path }, 'trpc procedure failed');
    },
  });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? 'application/json',
    body,
    keep: res.status < 500 && res.status !== 429,
  };
}

/** Answers a cached public read batch from memory (building it once on a miss). */
export function answerCachedRead(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  return answerCached(
    req,
    reply,
    (view) => cacheKey('trpc', view, req.url),
    () => resolveBatch(req),
  );
}
