import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import { clientErrorResponse } from './plugins/errors.ts';

/**
 * Deadlines for receiving a request, so a client that opens connections and sends nothing (or a
 * byte now and then) cannot hold them for ever:
 * - headers: `HEADERS_TIMEOUT_MS` (Node's `headersTimeout`);
 * - the whole request, body included: `REQUEST_TIMEOUT_MS`, except multipart uploads (large
 *   galleries on slow links), which get `UPLOAD_TIMEOUT_MS` (Node's `requestTimeout` is the larger
 *   of the two; the shorter one is a timer per request, below).
 * Past a deadline the client gets `408 {"error":"Tempo da requisição esgotado"}` and the connection
 * is closed, as Node does (server/plugins/errors.ts, clientErrorResponse). Once the request is in,
 * the time the shop takes to answer is not limited here.
 *
 * Connections per client address: `MAX_CONNECTIONS_PER_ADDRESS` (0 = no cap). Node and Fastify
 * have no per-address cap, only a global `server.maxConnections`; this counts sockets by remote
 * address and closes those past the cap at once. Behind a reverse proxy every connection comes
 * from the proxy, so the cap belongs in the proxy there (and must stay 0 here).
 */

export type HttpLimits = Pick<AppConfig, 'headersTimeoutMs' | 'requestTimeoutMs' | 'uploadTimeoutMs' | 'maxConnectionsPerAddress'>;

/** Fastify server options: Node's own header and request deadlines, checked often enough to be kept. */
export function httpServerOptions(limits: HttpLimits): { requestTimeout: number; http: ServerOptions } {
  const requestTimeout = Math.max(limits.requestTimeoutMs, limits.uploadTimeoutMs);
  return {
    requestTimeout,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, requestTimeout),
      // Node checks the deadlines on this interval (30 s by default, which could double a 30 s deadline).
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
  };
}

const isUpload = (contentType: string | undefined) => /^multipart\/form-data/i.test(contentType ?? '');
const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body is a file sent raw (a backup archive, a catalogue CSV): it gets the uploads'
     * deadline (`UPLOAD_TIMEOUT_MS`), not the one of ordinary requests.
     */
    fileBody?: boolean;
  }
}

/** A request that is not an upload must be fully received within `requestTimeoutMs`. */
export function requestDeadlines(app: FastifyInstance, limits: HttpLimits): void {
  if (limits.requestTimeoutMs >= limits.uploadTimeoutMs) return; // Node's own requestTimeout already is this deadline
  const timers = new WeakMap<object, NodeJS.Timeout>();
  const clear = (raw: object) => {
    clearTimeout(timers.get(raw));
    timers.delete(raw);
  };
  app.addHook('onRequest', (req, reply, done) => {
    if (isUpload(req.headers['content-type']) || req.routeOptions.config?.fileBody || !hasBody(req.headers)) return done();
    const raw = req.raw;
    const timer = setTimeout(() => {
      timers.delete(raw);
      if (raw.complete || reply.raw.headersSent) return;
      const err = Object.assign(new Error('request body not received in time'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
      req.log.info({ deadlineMs: limits.requestTimeoutMs }, 'request timed out');
      clientErrorResponse(err, raw.socket);
    }, limits.requestTimeoutMs);
    timer.unref();
    timers.set(raw, timer);
    raw.once('end', () => clear(raw));
    raw.once('close', () => clear(raw));
    done();
  });
  app.addHook('onResponse', (req, _reply, done) => {
    clear(req.raw);
    done();
  });
}

/** Closes connections past `max` from one remote address (0: no cap). */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const addr = socket.remoteAddress ?? '';
    const n = (open.get(addr) ?? 0) + 1;
    if (n > max) return void socket.destroy();
    open.set(addr, n);
    socket.once('close', () => {
      const left = (open.get(addr) ?? 1) - 1;
      if (left > 0) open.set(addr, left);
      else open.delete(addr);
    });
  });
}
