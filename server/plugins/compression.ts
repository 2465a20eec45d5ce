import { createHash } from 'node:crypto';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Bodies from this size up are compressed when the client accepts it (the cache's early hits follow the same rule). */
export const COMPRESS_THRESHOLD = 1024;

/** Types worth compressing: HTML, JSON, text, scripts, styles, XML and SVG. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[/+]json\b|javascript|[/+]xml\b|^image\/svg\+xml/;

/**
 * A server-rendered page embeds the times its queries were fetched (React Query's `dataUpdatedAt`
 * and friends), so two renders of the same content never have the same bytes. The ETag is weak
 * (semantic equivalence), so those numbers are left out of its hash: a page whose content did not
 * change revalidates with 304.
 */
const QUERY_TIMES = /"(?:dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g;
function pageHash(payload: string | Buffer): string {
  const body = typeof payload === 'string' && payload.startsWith('<!doctype html>') ? payload.replace(QUERY_TIMES, '') : payload;
  return createHash('sha1').update(body).digest('base64');
}

/**
 * Response compression and revalidation for the whole app.
 * - brotli or gzip (the client's preference) for compressible bodies of 1 KB or more; brotli at
 *   quality 4, cheap enough for per-request pages and reads (static assets are compressed once at
 *   build time at maximum quality and served as they are). A response that already carries a
 *   Content-Encoding (a precompressed asset, a cached compressed page) is left alone. Its window
 *   is 256 KB (lgwin 18) instead of brotli's 4 MB: a streamed whole catalogue (list.php) keeps an
 *   encoder for as long as it streams, and ten at once held about 20 MB more with the larger
 *   window, for answers about 2% smaller (measured on generated product JSON).
 * - `Vary: accept-encoding` on every compressible response, compressed or not, so a shared cache
 *   never hands a brotli body to a client that did not ask for it.
 * - A weak ETag (the same for every encoding of a body) on every buffered response (pages, JSON
 *   reads), and 304 to a matching If-None-Match.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // tRPC answers with a fetch Response (a stream); a GET read's JSON is buffered here, as
    // Fastify would unwrap it, so that it gets an ETag and a Content-Length too.
    app.addHook('onSend', async (req, reply, payload) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !(payload instanceof Response)) return payload;
      if (!/^application\/json\b/.test(payload.headers.get('content-type') ?? '')) return payload;
      reply.code(payload.status);
      for (const [name, value] of payload.headers) reply.header(name, value);
      return Buffer.from(await payload.arrayBuffer());
    });
    await app.register(etag, { weak: true, hashFn: pageHash });
    app.addHook('onSend', async (_req, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && COMPRESSIBLE.test(type)) {
        const vary = reply.getHeader('vary');
        const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
        if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) {
          reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
        }
      }
      return payload;
    });
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD,
      customTypes: COMPRESSIBLE,
      brotliOptions: {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_LGWIN]: 18,
        },
      },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
