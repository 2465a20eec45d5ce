import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../shared/errors.ts';
import { pagePolicy } from './content-policy.ts';

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

/** Paths whose every answer is private to a session: the admin app and the legacy session endpoints. */
export const PRIVATE_PATHS = /^\/(admin(\/|$|\?)|auth\/)/;

/**
 * Per-response headers: the pages' Content-Security-Policy (content-policy.ts), HSTS when the
 * request came over TLS (directly, or through a proxy trusted by TRUST_PROXY, which is what
 * makes `req.protocol` read X-Forwarded-Proto), and `no-store` on every admin and session answer
 * and on anything that sets a cookie, errors included.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The fixed headers, as helmet sets them. The CSP depends on the current settings and HSTS on the
 * request, so both are set per response (perResponseHeaders).
 */
const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: false,
  strictTransportSecurity: false,
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // Product images may be shown by other sites (feeds, link previews): no CORP restriction.
  crossOriginResourcePolicy: false,
  frameguard: { action: 'sameorigin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * helmet's headers for HELMET_OPTIONS, names spelled and ordered as helmet sets them, read once
 * from helmet itself (one request to a throwaway instance). @fastify/helmet rebuilds the helmet
 * middleware from its options on every request (about a tenth of a cache hit's time); these
 * headers do not depend on the request, so every response gets this list instead, and cache hits
 * answered before the hooks (public-cache.ts) send the same list.
 */
async function readHelmetHeaders(): Promise<ReadonlyArray<readonly [string, string]>> {
  const probe = Fastify({ logger: false });
  let headers: Array<[string, string]> = [];
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', (_req, reply) => {
    // Node's OutgoingMessage#getRawHeaderNames (names as set, in order), missing from @types/node.
    const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
    headers = raw.getRawHeaderNames().map((name) => [name, String(raw.getHeader(name))]);
    return reply.send('');
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (headers.length === 0) throw new Error('helmet set no headers');
  return headers;
}

let helmetHeaders: ReadonlyArray<readonly [string, string]> | null = null;

/** The fixed security headers (helmet's), once securityPlugin has been registered. */
export function fixedSecurityHeaders(): ReadonlyArray<readonly [string, string]> {
  if (!helmetHeaders) throw new Error('securityPlugin is not registered');
  return helmetHeaders;
}

async function perResponseHeaders(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
    reply.header('content-security-policy', await pagePolicy(app, req));
  }
  if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  const isPrivate =
    PRIVATE_PATHS.test(req.url) || req.routeOptions.config?.policy === 'admin' || reply.getHeader('set-cookie') !== undefined;
  if (isPrivate) reply.header('cache-control', 'no-store');
}

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    helmetHeaders ??= await readHelmetHeaders();
    const fixed = helmetHeaders;
    // Set on the raw response at the start of every request, as @fastify/helmet does.
    app.addHook('onRequest', (_req, reply, done) => {
      for (const [name, value] of fixed) reply.raw.setHeader(name, value);
      done();
    });
    app.addHook('onRequest', async (req, reply) => {
      if (isCrossSiteWrite(req)) {
        req.log.warn({ origin: req.headers.origin, site: req.headers['sec-fetch-site'] }, 'cross-site write refused');
        return reply.code(403).send({ error: MESSAGES.crossSite });
      }
    });
    app.addHook('onSend', async (req, reply) => perResponseHeaders(app, req, reply));
  },
  { name: 'security' },
);
