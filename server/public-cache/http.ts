import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStoreLocked } from '../../src/settings/store-lock.ts';
import type { AppConfig } from '../config.ts';
import { SESSION_COOKIE, UNLOCK_COOKIE } from '../cookies.ts';
import { DB_RETRY_AFTER_SECONDS } from '../plugins/db-unavailable.ts';
import { originFollowsForwardedHeaders, publicOrigin } from '../ssr/public-url.ts';
import { type CacheKind, cacheKey, keyUrl } from './keys.ts';
import { notModified, pickEncoding, preferredEncoding } from './negotiation.ts';
import { bodyOf, type CacheEntry, type CacheSource, etagOf, type PublicCache } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public pages and reads, answered from memory until a write changes them (server/public-cache). */
    publicCache: PublicCache;
  }
  interface FastifyContextConfig {
    /**
     * The route answers GETs through `answerCached` with keys of this kind: a current public entry
     * may be sent before the hooks run (answerEarlyHit).
     */
    publicCache?: CacheKind;
    /**
     * A cached `.php` read's query parameters: its key and its handler see only these (keyUrl);
     * none when unset. Pages and tRPC reads have theirs fixed (keys.ts).
     */
    cacheQuery?: readonly string[];
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
export const STORE_LOCKED_MEMO = 'store-locked';

/**
 * True when the cache knows, without waiting, that the store is open (its lock memo, loaded at the
 * current generation): every visitor may then see the catalogue, and reads that depend only on the
 * lock are the same for everyone.
 */
export const storeKnownOpen = (cache: PublicCache) => cache.settled<boolean>(STORE_LOCKED_MEMO)?.value === false;

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
  if (!encoding) return reply.send(bodyOf(entry));
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? entry.br : entry.gzip);
}

/** An answer built for one request only, never stored: the entry `sendCached` needs, uncompressed. */
function unstoredEntry(src: CacheSource, generation: number): CacheEntry {
  const body = typeof src.body === 'string' ? Buffer.from(src.body) : src.body;
  const etag = etagOf(body);
  return {
    status: src.status,
    contentType: src.contentType,
    body,
    size: body.length,
    etag,
    generation,
    builtAt: Date.now(),
    bytes: body.length,
    tags: [],
  };
}

/** The cache key of a request to a cached route, as seen with `view` (the early hit and the full path alike). */
export const requestCacheKey = (req: FastifyRequest, kind: CacheKind, view: AccessView) =>
  cacheKey(kind, view, keyUrl(kind, req.url, req.routeOptions.config.cacheQuery), kind === 'page' ? publicOrigin(req) : '');

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
  const key = requestCacheKey(req, kind, view);
  // Compressed for this client's encoding only: another is added when a client asks for it.
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const entry = await cache.get(key, () => build(view), encoding ? [encoding] : []);
  return sendCached(req, reply, encoding ? await cache.withEncoding(key, entry, encoding) : entry, kind, view);
}
