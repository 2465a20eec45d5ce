import type { FastifyInstance } from 'fastify';

/** /healthz: the process is up. /readyz: the database answers a real query. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { config: { policy: 'public' } }, async () => ({ ok: true }));
  app.get('/readyz', { config: { policy: 'public' } }, async (req, reply) => {
    try {
      await app.db.ping();
      return { ok: true };
    } catch (err) {
      req.log.error({ err }, 'readiness check failed');
      return reply.code(503).send({ ok: false });
    }
  });
}
