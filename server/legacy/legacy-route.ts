import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/errors.ts';
import type { AppContext } from '../../src/context.ts';
import { AppError } from '../../src/errors.ts';

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

/** Registers one documented `.php` URL as a thin adapter: policy check, one service call, JSON. */
export function legacyRoute(app: FastifyInstance, def: { method: 'GET' | 'POST'; url: string; policy: Policy; handler: Handler }): void {
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
