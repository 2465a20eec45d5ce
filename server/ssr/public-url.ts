import type { FastifyRequest } from 'fastify';

/** A Host value we are willing to write into a page: a name or IP literal and an optional port. */
const SAFE_HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Origins by protocol and Host: every page and cache hit asks, and the answer parses a URL. */
const origins = new Map<string, string>();

/**
 * The shop's origin for absolute URLs (canonical, Open Graph, JSON-LD, sitemap, share links):
 * PUBLIC_URL when configured; otherwise the request's host and protocol, which Fastify reads from
 * X-Forwarded-Host / X-Forwarded-Proto only when the connection comes from a trusted proxy
 * (TRUST_PROXY). A Host header that is not a plain host name falls back to `localhost`.
 */
export function publicOrigin(req: FastifyRequest): string {
  const configured = req.server.config.publicUrl;
  if (configured) return configured;
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  const key = `${protocol}\u0000${req.host}`;
  let origin = origins.get(key);
  if (origin === undefined) {
    const host = SAFE_HOST.test(req.host) ? req.host : 'localhost';
    // Through URL: lower-cased host, default port (:80 on http, :443 on https) dropped.
    origin = URL.canParse(`${protocol}://${host}`) ? new URL(`${protocol}://${host}`).origin : `${protocol}://localhost`;
    // Host is the client's to choose: the memo stays small whatever it sends.
    if (origins.size >= 64) origins.clear();
    origins.set(key, origin);
  }
  return origin;
}
