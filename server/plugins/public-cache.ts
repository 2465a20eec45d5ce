import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type CacheEntry, type CacheSource, PublicCache } from '../../src/cache/public-cache.ts';
import { isStoreLocked } from '../../src/settings/store-lock.ts';
import { SESSION_COOKIE, UNLOCK_COOKIE } from '../cookies.ts';
import { DB_RETRY_AFTER_SECONDS } from './db-unavailable.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public pages and reads, answered from memory until a write changes them (src/cache). */
    publicCache: PublicCache;
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

/** A CDN may keep public answers briefly and serve them a little longer while it revalidates. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * The visitor's view. While the store is open nothing about the visitor is read (no session
 * lookup): that is the hot path. Only a locked store with a session or unlock cookie needs the
 * request context. Reads the database (the lock, remembered per cache generation): a lost
 * connection rejects, and the caller's error handler answers 503.
 */
export async function accessView(req: FastifyRequest): Promise<AccessView> {
  const app = req.server;
  const locked = await app.publicCache.memo('store-locked', () => isStoreLocked(app.db.fork()));
  if (!locked) return 'public';
  if (!req.cookies[SESSION_COOKIE] && !req.cookies[UNLOCK_COOKIE]) return 'locked';
  const ctx = await req.appContext();
  return ctx.user?.isAdmin || ctx.unlocked ? 'unlocked' : 'locked';
}

/** The cache key of a request: what the answer depends on, nothing else. */
export const cacheKey = (kind: string, view: AccessView, url: string, origin = '') => `${kind}\u0000${view}\u0000${origin}\u0000${url}`;

type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts among those the entry has (q=0 refuses one). */
export function pickEncoding(header: string | string[] | undefined, entry: CacheEntry): Encoding | null {
  if (!header || (!entry.br && !entry.gzip)) return null;
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (entry.br && (accepted.has('br') || accepted.has('*'))) return 'br';
  if (entry.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
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
 * client already has it, and the Cache-Control of the view (`shared: false` makes it private
 * whatever the view). A 503 (a build that met a database outage; never kept) says when to retry.
 */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  entry: CacheEntry,
  view: AccessView,
  shared = view === 'public',
): FastifyReply {
  const encoding = pickEncoding(req.headers['accept-encoding'], entry);
  reply
    .header('cache-control', shared ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
    .header('vary', 'Accept-Encoding')
    .header('etag', `"${entry.etag}${encoding ? `-${encoding}` : ''}"`);
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
  key: (view: AccessView) => string,
  build: (view: AccessView) => Promise<CacheSource>,
): Promise<FastifyReply> {
  const cache = req.server.publicCache;
  const generation = cache.generation;
  const view = await accessView(req);
  if (cache.generation !== generation) {
    return sendCached(req, reply, unstoredEntry(await build(view), cache.generation), view, false);
  }
  const entry = await cache.get(key(view), () => build(view));
  return sendCached(req, reply, entry, view);
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
