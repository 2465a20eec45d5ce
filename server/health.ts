import type { FastifyInstance } from 'fastify';

/** HTTP servers whose process is shutting down (keyed by the one server every scope shares). */
const draining = new WeakSet<object>();

/** From now on /readyz answers 503, so a load balancer takes the instance out of rotation. */
export function markDraining(app: FastifyInstance): void {
  draining.add(app.server);
}

/**
 * Two questions, two answers:
 * - /healthz (liveness): can this process still make progress? 503 only when it cannot and a
 *   restart would help: the database connection pool has served nobody for DATABASE_STALL_MS while
 *   requests waited for a connection (every connection held and never given back). A database
 *   that is down or slow does not fail it: connections still fail to open or come back, and a
 *   restart would not bring the database back. It runs no query, so it answers at once.
 * - /readyz (readiness): should this instance take traffic? Not while shutting down, and only
 *   while the database answers a real query (503 otherwise, within the pool's acquire timeout).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { config: { policy: 'public' } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const stalledMs = app.db.stalledMs();
    if (stalledMs < app.config.databaseStallMs) return { ok: true };
    req.log.error({ stalledMs }, 'liveness check failed: the database connection pool serves nobody');
    return reply.code(503).send({ ok: false, stalledMs });
  });
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
