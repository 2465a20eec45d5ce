import type { FastifyInstance } from 'fastify';

/** HTTP servers whose process is shutting down (keyed by the one server every scope shares). */
const draining = new WeakSet<object>();

/** From now on /readyz answers 503, so a load balancer takes the instance out of rotation. */
export function markDraining(app: FastifyInstance): void {
  draining.add(app.server);
}

/**
 * /healthz: the process is up. /readyz: the instance takes traffic — not shutting down, and the
 * database answers a real query (503 while it does not, 200 again once it does).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { config: { policy: 'public' } }, async () => ({ ok: true }));
  app.get('/readyz', { config: { policy: 'public' } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining.has(app.server)) return reply.code(503).send({ ok: false, draining: true });
    try {
      await app.db.ping();
      return { ok: true };
    } catch (err) {
      req.log.warn({ err }, 'readiness check failed');
      return reply.code(503).send({ ok: false });
    }
  });
}
