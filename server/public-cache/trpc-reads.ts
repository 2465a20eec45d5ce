import type { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { trpcDatabaseUnavailable, trpcRetryAfter } from '../plugins/db-unavailable.ts';
import { appRouter } from '../trpc/router.ts';
import type { ProcedureMeta, TrpcContext } from '../trpc/trpc.ts';
import { answerCached } from './http.ts';
import { keyUrl } from './keys.ts';
import type { CacheSource } from './store.ts';
import { hasReadRule, type Tag } from './tags.ts';

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } } | undefined>;

// A cached read is public and never a session answer: what lets a cache hit go out with the public
// Cache-Control, as plugin.ts's isPrivateAnswer would leave it, without asking per request.
for (const [path, proc] of Object.entries(procedures)) {
  const meta = proc?._def.meta;
  if (meta?.cached && (meta.policy !== 'public' || path.startsWith('auth.'))) {
    throw new Error(`tRPC procedure ${path} is cached but not a public read`);
  }
  if (meta?.cached && !hasReadRule(path)) throw new Error(`tRPC procedure ${path} is cached but tags.ts has no rule for it`);
}

/** The procedures a /trpc URL names (one, or a batch joined by commas). */
export function procedurePaths(url: string): string[] {
  return decodeURIComponent(url.split('?')[0]?.replace(/^\/trpc\//, '') ?? '').split(',');
}

/** The meta (policy, upload, cached) of the procedure at `path`; undefined for an unknown path. */
export const procedureMeta = (path: string): ProcedureMeta | undefined => procedures[path]?._def.meta;

/**
 * The handler options both tRPC entry points share (the Fastify adapter in plugin.ts and the
 * cached reads' fetch handler below), so they answer alike: the router and batch limit, the
 * request's AppContext (a lost database connection while building it is a 503, not a 500),
 * Retry-After on a 503, and one log line per internal error. `of` tells, from the adapter's
 * arguments, which Fastify request asks and which HTTP pieces its procedures get.
 */
export function trpcHandlerOptions<TReq, TArgs extends { req: TReq }>(of: {
  request: (req: TReq) => FastifyRequest;
  http: (args: TArgs) => TrpcContext['http'];
  /** Where the calls' cache tags go, when the answer is being built for the public cache. */
  tags?: Set<Tag>;
}) {
  return {
    router: appRouter,
    maxBatchSize: 10,
    createContext: async (args: TArgs): Promise<TrpcContext> => {
      const req = of.request(args.req);
      return {
        app: await req.appContext().catch((e: unknown) => Promise.reject(trpcDatabaseUnavailable(e) ?? e)),
        http: of.http(args),
        cacheTags: of.tags ?? null,
        publicCache: req.server.publicCache,
      };
    },
    responseMeta: trpcRetryAfter,
    onError({ error, path, req }: { error: TRPCError; path?: string; req: TReq }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') of.request(req).log.error({ err: error.cause ?? error, path }, 'trpc procedure failed');
    },
  };
}

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
  const tags = new Set<Tag>();
  const res = await fetchRequestHandler({
    ...trpcHandlerOptions({
      request: () => req,
      // Cached procedures never read the HTTP request: `http: null` makes sure of it.
      http: () => null,
      tags,
    }),
    endpoint: '/trpc',
    // Built from the URL it is keyed by (its batch and input only): the answer holds nothing else.
    req: new Request(`http://localhost${keyUrl('trpc', req.url)}`, { method: 'GET' }),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? 'application/json',
    body,
    // A failure, or a batch of which a call met a database outage (Retry-After), is not kept.
    keep: res.status < 500 && res.status !== 429 && !res.headers.has('retry-after'),
    tags,
  };
}

/** Answers a cached public read batch from memory (building it once on a miss). */
export function answerCachedRead(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  return answerCached(req, reply, 'trpc', () => resolveBatch(req));
}
