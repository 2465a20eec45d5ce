import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { type CacheEntry, type CacheSource, PublicCache } from '../../src/cache/public-cache.ts';
import { isStoreLocked } from '../../src/settings/store-lock.ts';
import type { AppConfig } from '../config.ts';
import { SESSION_COOKIE, UNLOCK_COOKIE } from '../cookies.ts';
import { originFollowsForwardedHeaders, publicOrigin } from '../ssr/public-url.ts';
import { COMPRESS_THRESHOLD } from './compression.ts';
import { contentSecurityPolicy, SHOP_ORIGIN_MEMO } from './content-policy.ts';
import { DB_RETRY_AFTER_SECONDS } from './db-unavailable.ts';
import { fixedSecurityHeaders, HSTS, PRIVATE_PATHS } from './security.ts';

/** What a route's cache keys are made of (see cacheKey): the kind names the route's builder. */
export type CacheKind = 'trpc' | 'legacy' | 'page';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public pages and reads, answered from memory until a write changes them (src/cache). */
    publicCache: PublicCache;
  }
  interface FastifyContextConfig {
    /**
     * The route answers GETs through `answerCached` with keys of this kind: a current public entry
     * may be sent before the hooks run (answerEarlyHit).
     */
    publicCache?: CacheKind;
  }
}

/**
 * Who is asking, as far as public output is concerned (no service reads anything else of the
 * visitor: the delivery region and the cart badge are filled in by the browser):
 * - `public`: the store is open; the answer is the same for everyone and a CDN may keep it;
 * - `unlocked`: the store is locked and the visitor is an admin or holds a valid unlock cookie;
 * - `locked`: the store is locked and the visitor sees only the lock screen (423 on reads).
 * The last two are private: never stored by a browser or a proxy.
 */
export type AccessView = 'public' | 'unlocked' | 'locked';

/**
 * Browsers always revalidate a public answer (`no-cache`: the ETag makes that a 304 of a few
 * bytes), so nobody sees an answer the server has since changed: not the admin reading back its
 * own write, not a shopper. Shared caches (a CDN in front of the shop) may keep pages briefly and
 * serve them a little longer while they revalidate, told so in their own headers (RFC 9213's
 * CDN-Cache-Control; Surrogate-Control for Fastly and Varnish), which browsers ignore. The JSON
 * reads (tRPC and the .php API) are what the admin reads back after a save: no CDN keeps them.
 */
const BROWSER_PAGE = 'public, no-cache';
const BROWSER_READ = 'no-cache';
const SHARED_PAGE = 'max-age=30, stale-while-revalidate=60';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const headersByConfig = new WeakMap<AppConfig, Record<CacheKind, readonly string[]>>();

/**
 * The caching headers of a public answer of this kind, as [name, value, …]: Cache-Control, the
 * shared caches' own, and Vary (which adds the forwarded host and protocol when pages follow them
 * unchecked, see originFollowsForwardedHeaders).
 */
export function publicCacheHeaders(config: AppConfig, kind: CacheKind): readonly string[] {
  let byKind = headersByConfig.get(config);
  if (byKind === undefined) {
    const pageVary = originFollowsForwardedHeaders(config) ? 'Accept-Encoding, X-Forwarded-Host, X-Forwarded-Proto' : 'Accept-Encoding';
    const read = ['cache-control', BROWSER_READ, 'vary', 'Accept-Encoding'];
    byKind = {
      page: ['cache-control', BROWSER_PAGE, 'cdn-cache-control', SHARED_PAGE, 'surrogate-control', SHARED_PAGE, 'vary', pageVary],
      trpc: read,
      legacy: read,
    };
    headersByConfig.set(config, byKind);
  }
  return byKind[kind];
}

/** The memo of whether the store is locked, read once per cache generation. */
const STORE_LOCKED_MEMO = 'store-locked';

/**
 * The visitor's view. While the store is open nothing about the visitor is read (no session
 * lookup): that is the hot path. Only a locked store with a session or unlock cookie needs the
 * request context. Reads the database (the lock, remembered per cache generation): a lost
 * connection rejects, and the caller's error handler answers 503.
 */
export async function accessView(req: FastifyRequest): Promise<AccessView> {
  const app = req.server;
  const locked = await app.publicCache.memo(STORE_LOCKED_MEMO, () => isStoreLocked(app.db.fork()));
  if (!locked) return 'public';
  if (!req.cookies[SESSION_COOKIE] && !req.cookies[UNLOCK_COOKIE]) return 'locked';
  const ctx = await req.appContext();
  return ctx.user?.isAdmin || ctx.unlocked ? 'unlocked' : 'locked';
}

/** The cache key of a request: what the answer depends on, nothing else. */
export const cacheKey = (kind: CacheKind, view: AccessView, url: string, origin = '') => `${kind}\u0000${view}\u0000${origin}\u0000${url}`;

/**
 * Query parameters that ad and analytics tools append to shared links (`utm_*` and the click ids
 * of Meta, Google, Microsoft, TikTok, X, LinkedIn, Mailchimp, Yandex): no page reads them (the
 * browser's analytics does), so they are not part of a page's key or of what it is rendered from.
 */
const TRACKING =
  /^(utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|gclsrc|msclkid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|igshid|yclid|_ga|_gl|srsltid)$/i;

/**
 * The URL a page is keyed and rendered by: the request's path and query with tracking parameters
 * left out and the rest in name order (`?b=1&a=2` and `?a=2&b=1` are one page; repeated names keep
 * their order). A URL without a query is itself.
 */
export function pageUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = [...new URLSearchParams(url.slice(at + 1))].filter(([name]) => !TRACKING.test(name));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}

/** The URL part of a request's cache key: pages by pageUrl, reads by their exact URL. */
const keyUrl = (kind: CacheKind, url: string) => (kind === 'page' ? pageUrl(url) : url);

type Encoding = 'br' | 'gzip';

type Accepted = { br: boolean; gzip: boolean };

/** Accept-Encoding values seen, parsed: browsers send one of a handful, so each is read once. */
const acceptedByHeader = new Map<string, Accepted>();

function acceptedEncodings(header: string): Accepted {
  let accepted = acceptedByHeader.get(header);
  if (accepted) return accepted;
  const names = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    names.add(name.trim());
  }
  accepted = { br: names.has('br') || names.has('*'), gzip: names.has('gzip') || names.has('*') };
  // The header is the client's to choose: the memo stays small whatever it sends.
  if (acceptedByHeader.size >= 256) acceptedByHeader.clear();
  acceptedByHeader.set(header, accepted);
  return accepted;
}

/** The best encoding the client accepts among those the entry has (q=0 refuses one). */
export function pickEncoding(header: string | string[] | undefined, entry: CacheEntry): Encoding | null {
  if (!header || (!entry.br && !entry.gzip)) return null;
  const accepted = acceptedEncodings(Array.isArray(header) ? header.join(',') : header);
  if (entry.br && accepted.br) return 'br';
  if (entry.gzip && accepted.gzip) return 'gzip';
  return null;
}

/** True when If-None-Match names this entry in any of its encodings (or `*`). */
function notModified(header: string | undefined, entry: CacheEntry): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    return tag.replace(/^"|"$/g, '').replace(/-(br|gzip)$/, '') === entry.etag;
  });
}

/**
 * Sends a cached answer: the precompressed variant the client accepts (Content-Encoding and Vary
 * set here, so a global compression plugin leaves it alone), an ETag per encoding, 304 when the
 * client already has it, and the caching headers of the kind and view (`shared: false` makes it
 * private whatever the view). A 503 (a build that met a database outage; never kept) says when
 * to retry.
 */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  entry: CacheEntry,
  kind: CacheKind,
  view: AccessView,
  shared = view === 'public',
): FastifyReply {
  const encoding = pickEncoding(req.headers['accept-encoding'], entry);
  if (shared) {
    const lines = publicCacheHeaders(req.server.config, kind);
    for (let i = 0; i < lines.length; i += 2) reply.header(lines[i] as string, lines[i + 1]);
  } else {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL).header('vary', 'Accept-Encoding');
  }
  reply.header('etag', `"${entry.etag}${encoding ? `-${encoding}` : ''}"`);
  if (entry.status === 200 && notModified(req.headers['if-none-match'], entry)) return reply.code(304).send();
  if (entry.status === 503) reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
  reply.code(entry.status).header('content-type', entry.contentType);
  if (!encoding) return reply.send(entry.body);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? entry.br : entry.gzip);
}

/** An answer built for one request only, never stored: the entry `sendCached` needs, uncompressed. */
function unstoredEntry(src: CacheSource, generation: number): CacheEntry {
  const body = typeof src.body === 'string' ? Buffer.from(src.body) : src.body;
  const etag = createHash('sha1').update(body).digest('base64url').slice(0, 27);
  return {
    status: src.status,
    contentType: src.contentType,
    body,
    br: null,
    gzip: null,
    etag,
    generation,
    builtAt: Date.now(),
    bytes: body.length,
  };
}

/**
 * Looks the request up in the cache (building it once when missing) and sends it.
 *
 * The view comes from data (the store lock) read at the generation current when the lookup
 * started. If a write changed the generation meanwhile (the lock may have changed), the view may
 * be stale: the answer is built for this request alone, never stored under the new generation
 * and never public.
 */
export async function answerCached(
  req: FastifyRequest,
  reply: FastifyReply,
  kind: CacheKind,
  build: (view: AccessView) => Promise<CacheSource>,
): Promise<FastifyReply> {
  const cache = req.server.publicCache;
  const generation = cache.generation;
  const view = await accessView(req);
  if (cache.generation !== generation) {
    return sendCached(req, reply, unstoredEntry(await build(view), cache.generation), kind, view, false);
  }
  const entry = await cache.get(cacheKey(kind, view, keyUrl(kind, req.url), kind === 'page' ? publicOrigin(req) : ''), () => build(view));
  return sendCached(req, reply, entry, kind, view);
}

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
 *   404 or 423) is built or sent by the full path. The key's URL is the whole request target, and
 *   an entry exists only if the full path stored it for that route and URL;
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
  const entry = cache.peek(cacheKey(kind, 'public', keyUrl(kind, url), kind === 'page' ? publicOrigin(req) : ''));
  if (entry === undefined || entry.status !== 200) return false;
  // An HTML answer carries the page policy, which names the shop's origin as last read.
  const html = entry.contentType.startsWith('text/html');
  const shopOrigin = html ? cache.settled<string | null>(SHOP_ORIGIN_MEMO) : undefined;
  if (html && shopOrigin === undefined) return false;
  const acceptEncoding = h['accept-encoding'];
  const encoding = pickEncoding(acceptEncoding, entry);
  if (encoding === null && acceptEncoding !== undefined && entry.body.length >= COMPRESS_THRESHOLD) return false;

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
  const body = encoding === null ? entry.body : ((encoding === 'br' ? entry.br : entry.gzip) as Buffer);
  headers.push('content-type', entry.contentType);
  if (encoding !== null) headers.push('content-encoding', encoding);
  if (shopOrigin !== undefined) {
    headers.push('content-security-policy', contentSecurityPolicy({ shopOrigin: shopOrigin.value, https }));
  }
  if (https) headers.push('strict-transport-security', HSTS);
  headers.push('content-length', String(body.length));
  res.writeHead(200, headers);
  res.end(body);
  return true;
}

/** One cache per app, emptied by every committed write the database reports (any instance). */
export const publicCachePlugin = fp(
  async (app: FastifyInstance) => {
    const cache = new PublicCache();
    app.decorate('publicCache', cache);
    const stop = app.db.onChange(() => cache.invalidate());
    app.addHook('onClose', async () => stop());
  },
  { name: 'public-cache', dependencies: ['@fastify/cookie', 'app-context'] },
);
