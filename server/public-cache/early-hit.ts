import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { COMPRESS_THRESHOLD } from '../plugins/compression.ts';
import { contentSecurityPolicy, POLICY_SOURCES_MEMO, type PolicySources } from '../plugins/content-policy.ts';
import { fixedSecurityHeaders, HSTS, PRIVATE_PATHS } from '../plugins/security.ts';
import { publicCacheHeaders, requestCacheKey, STORE_LOCKED_MEMO } from './http.ts';
import { notModified, pickEncoding } from './negotiation.ts';

/** helmet's headers as a flat [name, value, …] list, the start of every early answer's headers. */
let securityLines: string[] | null = null;
const securityHeaderLines = (): string[] => {
  securityLines ??= fixedSecurityHeaders().flat();
  return securityLines;
};

/**
 * Answers a request from the public cache before any other hook runs, when that gives exactly the
 * response the full path would give (the same status, headers and body), and otherwise leaves it
 * to the full path (`done()`).
 *
 * Why a hand-written fast path: through Fastify's whole lifecycle a cache hit cost 65-95 µs of CPU
 * against 18 µs for a bare route (CPU profile under c50 load), almost all of it in work a hit does
 * not need: helmet rebuilding its middleware, cookie parsing, the CSRF check, the tRPC adapter's
 * hooks and JSON guard, an async store-lock lookup, then every onSend hook (security headers, JSON
 * unwrapping, ETag, Vary, compression, cookies) re-checking a response that is already final. No
 * plugin answers from a cache of our own ahead of the lifecycle, and the answer of a hit is fully
 * known here, so it is written at once (25-30 µs, most of it Node's HTTP writing and the socket).
 *
 * What it reproduces, and how the full path would decide it:
 * - only GET (HEAD answers go through the full path: tRPC makes them private), and only requests
 *   without a body or its headers (Content-Type, -Length, -Encoding, Transfer-Encoding), which
 *   the full path may refuse (415, 400); for tRPC, no `trpc-accept` (a streaming client);
 * - only while the store is known to be open at the current generation (the view is `public`, as
 *   accessView would say with no lookup); a locked store, or a lock not read yet, goes the full
 *   way, so a locked store never serves a cached page from here;
 * - only a current entry (PublicCache.peek) with status 200; everything else (a miss, a cached
 *   404 or 423) is built or sent by the full path. The key's URL is the request's with only what
 *   its answer reads (keys.ts), and an entry exists only if the full path stored it for that route
 *   and URL;
 * - headers: helmet's (security.ts, the same list), then sendCached's (caching headers, ETag,
 *   Content-Type, Content-Encoding), the page CSP and HSTS as securityPlugin's onSend sets them,
 *   then Content-Length as Fastify does; 304 as sendCached and @fastify/etag answer it (with
 *   `Content-Length: 0` when If-None-Match is exactly the ETag, as the ETag plugin then sends an
 *   empty body);
 * - a body the compression plugin would still compress (no stored encoding the client accepts,
 *   large enough) goes the full way; a private path (PRIVATE_PATHS) too.
 * The route's `onResponse` hooks and Fastify's request log still run (they follow the raw
 * response's `finish`). tests/integration/cache-hit-path.test.ts compares each case with the full
 * path's answer.
 */
export function answerEarlyHit(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (!sendEarlyHit(req, reply)) done();
}

/** Sends the cached answer and returns true, or returns false when the full path must answer. */
function sendEarlyHit(req: FastifyRequest, reply: FastifyReply): boolean {
  if (req.method !== 'GET') return false;
  const kind = req.routeOptions.config.publicCache;
  if (kind === undefined) return false;
  const h = req.headers;
  if (
    h['content-type'] !== undefined ||
    h['content-length'] !== undefined ||
    h['transfer-encoding'] !== undefined ||
    h['content-encoding'] !== undefined ||
    (kind === 'trpc' && h['trpc-accept'] !== undefined)
  ) {
    return false;
  }
  const cache = req.server.publicCache;
  const locked = cache.settled<boolean>(STORE_LOCKED_MEMO);
  if (locked === undefined || locked.value !== false) return false;
  const url = req.url;
  if (PRIVATE_PATHS.test(url)) return false;
  const entry = cache.peek(requestCacheKey(req, kind, 'public'));
  if (entry === undefined || entry.status !== 200) return false;
  // An HTML answer carries the page policy, which names the shop's origin and tags as last read.
  const html = entry.contentType.startsWith('text/html');
  const sources = html ? cache.settled<PolicySources>(POLICY_SOURCES_MEMO) : undefined;
  if (html && sources === undefined) return false;
  const acceptEncoding = h['accept-encoding'];
  const encoding = pickEncoding(acceptEncoding, entry);
  if (encoding === null && acceptEncoding !== undefined && entry.size >= COMPRESS_THRESHOLD) return false;
  // A body kept only as brotli, for a client that takes none: decoded on the full path.
  if (encoding === null && entry.body === null) return false;

  const https = req.protocol === 'https';
  const etag = `"${entry.etag}${encoding ? `-${encoding}` : ''}"`;
  const headers = securityHeaderLines().slice();
  headers.push(...publicCacheHeaders(req.server.config, kind), 'etag', etag);
  const ifNoneMatch = h['if-none-match'];
  reply.hijack();
  const res = reply.raw;
  if (notModified(ifNoneMatch, entry)) {
    if (https) headers.push('strict-transport-security', HSTS);
    if (ifNoneMatch === etag || ifNoneMatch === `W/${etag}`) headers.push('content-length', '0');
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const body = (encoding === null ? entry.body : encoding === 'br' ? entry.br : entry.gzip) as Buffer;
  headers.push('content-type', entry.contentType);
  if (encoding !== null) headers.push('content-encoding', encoding);
  if (sources !== undefined) {
    headers.push('content-security-policy', contentSecurityPolicy({ ...sources.value, https }));
  }
  if (https) headers.push('strict-transport-security', HSTS);
  headers.push('content-length', String(body.length));
  res.writeHead(200, headers);
  res.end(body);
  return true;
}
