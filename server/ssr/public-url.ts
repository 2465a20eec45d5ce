import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

/** A Host value we are willing to write into a page: a name or IP literal and an optional port. */
const SAFE_HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Origins by protocol and Host, per configuration (ALLOWED_HOSTS changes the answer): every page
 * and cache hit asks, and the answer parses a URL.
 */
const originsByConfig = new WeakMap<AppConfig, Map<string, string>>();

/**
 * The shop's origin for absolute URLs (canonical, Open Graph, JSON-LD, sitemap, share links):
 * PUBLIC_URL when configured; otherwise the request's host and protocol, which Fastify reads from
 * X-Forwarded-Host / X-Forwarded-Proto only when the connection comes from a trusted proxy
 * (TRUST_PROXY). With ALLOWED_HOSTS, a host not on the list is replaced by the list's first, so
 * a forged Host or X-Forwarded-Host never reaches a page. A Host header that is not a plain host
 * name falls back to `localhost`.
 */
export function publicOrigin(req: FastifyRequest): string {
  const config = req.server.config;
  const { publicUrl, allowedHosts } = config;
  if (publicUrl) return publicUrl;
  let origins = originsByConfig.get(config);
  if (origins === undefined) {
    origins = new Map();
    originsByConfig.set(config, origins);
  }
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  const key = `${protocol}\u0000${req.host}`;
  let origin = origins.get(key);
  if (origin === undefined) {
    const asked = req.host.toLowerCase();
    const allowed = allowedHosts.length === 0 || allowedHosts.includes(asked.replace(/:(80|443)$/, ''));
    const host = !allowed ? (allowedHosts[0] as string) : SAFE_HOST.test(asked) ? asked : 'localhost';
    // Through URL: lower-cased host, default port (:80 on http, :443 on https) dropped.
    origin = URL.canParse(`${protocol}://${host}`) ? new URL(`${protocol}://${host}`).origin : `${protocol}://localhost`;
    // Host is the client's to choose: the memo stays small whatever it sends.
    if (origins.size >= 64) origins.clear();
    origins.set(key, origin);
  }
  return origin;
}

/**
 * True when a page's absolute URLs follow X-Forwarded-Host / -Proto unchecked: a proxy is trusted
 * and neither PUBLIC_URL nor ALLOWED_HOSTS pins the origin. Shared caches must then key pages on
 * those headers (Vary), or one forged request would put another host into every visitor's copy.
 */
export const originFollowsForwardedHeaders = (config: AppConfig): boolean =>
  config.trustProxy !== false && !config.publicUrl && config.allowedHosts.length === 0;
