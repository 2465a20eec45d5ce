import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../shared/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses cross-site writes (CSRF), whatever the body type (JSON, form, multipart, text/plain):
 * a browser marks them with Sec-Fetch-Site and Origin. Requests without either header come from
 * non-browser clients (curl, a third party's server), which cannot ride a visitor's cookies.
 */
export function isCrossSiteWrite(req: FastifyRequest): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const site = req.headers['sec-fetch-site'];
  // Set by the browser and impossible for a page to forge: same-origin is trustworthy even when a
  // TLS proxy makes the scheme look different here.
  if (site === 'same-origin') return false;
  if (site && site !== 'none') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  if (origin === 'null') return true;
  try {
    return new URL(origin).host !== req.host;
  } catch {
    return true;
  }
}

function securityHeaders(_req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, p: unknown) => void) {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('x-frame-options', 'SAMEORIGIN');
  reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
  done(null, payload);
}

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (req, reply) => {
      if (isCrossSiteWrite(req)) {
        req.log.warn({ origin: req.headers.origin, site: req.headers['sec-fetch-site'] }, 'cross-site write refused');
        return reply.code(403).send({ error: MESSAGES.crossSite });
      }
    });
    app.addHook('onSend', securityHeaders);
  },
  { name: 'security' },
);
