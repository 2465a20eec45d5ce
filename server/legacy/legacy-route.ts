import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/errors.ts';
import type { AppContext } from '../../src/context.ts';
import { AppError, isAppError } from '../../src/errors.ts';
import { errorBody } from '../plugins/errors.ts';
import { accessView, answerCached, PRIVATE_CACHE_CONTROL } from '../public-cache/http.ts';
import { keyUrl, queryOf } from '../public-cache/keys.ts';
import { ANY, type Tag } from '../public-cache/tags.ts';

/** Who may call a route. Every registered route declares one; a test checks that none lacks it. */
export type Policy = 'public' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
  }
}

type Handler = (ctx: AppContext, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Merged body and query as a plain object (ids may come `?id=` or in the body, spec §7). */
export function params(req: FastifyRequest): Record<string, unknown> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  return { ...(req.query as Record<string, unknown>), ...body };
}

type RouteDef = {
  method: 'GET' | 'POST';
  url: string;
  policy: Policy;
  handler: Handler;
  /**
   * A public read whose answer depends only on the URL and the store lock (catalogue and content
   * lists, settings): answered from the public cache. Per-visitor reads (me.php, the location)
   * must not set it.
   */
  cached?: boolean;
  /**
   * A cached read's query parameters, as documented: its cache key and its handler see only these
   * (a cache-buster or any other parameter is the same answer). None when unset; only for `cached`.
   */
  cacheQuery?: readonly string[];
  /**
   * A cached read whose answer can be too long to build at once: the text of its JSON in pieces,
   * sent as they come and never cached, or null when the ordinary (cached) handler answers.
   */
  stream?: (ctx: AppContext, req: FastifyRequest) => Promise<AsyncIterable<string> | null>;
  /**
   * A cached read's cache tags (server/public-cache/tags.ts), from the request and the handler's
   * result (undefined when it refused). Without them any change drops the answer.
   */
  tags?: (req: FastifyRequest, result: unknown) => readonly Tag[];
};

const JSON_TYPE = 'application/json; charset=utf-8';

/** Domain refusals are answers like any other (a locked store's 423, an unknown id's 404): cached too. */
const KEPT_ERRORS = new Set(['BAD_REQUEST', 'NOT_FOUND', 'STORE_LOCKED', 'FORBIDDEN']);

/** A cached read: the handler's JSON, or its domain refusal in the shop's `{ error }` format. */
function cachedRead(app: FastifyInstance, def: RouteDef): void {
  const cacheQuery = def.cacheQuery ?? [];
  app.route({
    method: 'GET',
    url: def.url,
    config: { policy: 'public', publicCache: 'legacy', cacheQuery },
    handler: async (req, reply) => {
      // The handler reads the query of the URL its answer is keyed by, nothing else (keys.ts).
      req.query = queryOf(keyUrl('legacy', req.url, cacheQuery));
      // A locked store's refusal is cached like any answer (answerCached below).
      if (def.stream && (await accessView(req)) !== 'locked') {
        const pieces = await def.stream(await req.appContext(), req);
        if (pieces) return sendStreamed(req, reply, pieces);
      }
      const tagsOf = (result: unknown) => (def.tags ? def.tags(req, result) : [ANY]);
      return answerCached(req, reply, 'legacy', async () => {
        try {
          const result = await def.handler(await req.appContext(), req, reply);
          return { status: 200, contentType: JSON_TYPE, body: JSON.stringify(result ?? { ok: true }), tags: tagsOf(result) };
        } catch (e) {
          if (!isAppError(e) || !KEPT_ERRORS.has(e.kind)) throw e;
          const { status, body } = errorBody(e);
          return { status, contentType: JSON_TYPE, body: JSON.stringify(body), tags: tagsOf(undefined) };
        }
      });
    },
  });
}

/**
 * A streamed public read: the caching headers of its view (a locked store's answer, seen by an
 * admin, stays private), compressed on the way by the compression plugin; a client that goes away
 * stops the reading.
 */
async function sendStreamed(req: FastifyRequest, reply: FastifyReply, pieces: AsyncIterable<string>): Promise<FastifyReply> {
  const view = await accessView(req);
  reply.header('cache-control', view === 'public' ? 'no-cache' : PRIVATE_CACHE_CONTROL);
  return reply.type(JSON_TYPE).send(Readable.from(pieces));
}

/** Registers one documented `.php` URL as a thin adapter: policy check, one service call, JSON. */
export function legacyRoute(app: FastifyInstance, def: RouteDef): void {
  if (def.cacheQuery && !def.cached) throw new Error(`${def.url}: cacheQuery is only for a cached read`);
  if (def.cached && def.method === 'GET' && def.policy === 'public') {
    cachedRead(app, def);
    return;
  }
  app.route({
    method: def.method,
    url: def.url,
    config: { policy: def.policy },
    handler: async (req, reply) => {
      const ctx = await req.appContext();
      if (def.policy === 'admin' && !ctx.user?.isAdmin) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
      const result = await def.handler(ctx, req, reply);
      reply.header('cache-control', 'no-store');
      return result ?? { ok: true };
    },
  });
}
