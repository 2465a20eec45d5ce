import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Which requests get an access-log line (`ACCESS_LOG`):
 * - `errors` (the default): those answered with a server error (5xx) or slower than
 *   SLOW_REQUEST_MS: what a person looks for when something goes wrong;
 * - `all`: every request, the classic access log;
 * - `off`: none.
 *
 * Why not every request by default: a line per request was the largest cost of a cached answer
 * (measured 2026-11-28, `list.php?limit=24` at c50 on one core: 33-37 µs of CPU per answer without
 * the line, 42-50 µs with it, one line written through pino to its asynchronous batched
 * destination; the hook that decides costs nothing measurable). A shop behind a reverse proxy has
 * that proxy's access log; one without can turn `all` on.
 */
export const ACCESS_LOG_MODES = ['errors', 'all', 'off'] as const;
export type AccessLogMode = (typeof ACCESS_LOG_MODES)[number];

/** An answer slower than this is logged in `errors` mode. */
export const SLOW_REQUEST_MS = 1000;

/** Whether a request answered with `status` after `ms` gets a line in `mode`. */
export function accessLogged(mode: AccessLogMode, status: number, ms: number): boolean {
  if (mode === 'all') return true;
  if (mode === 'off') return false;
  return status >= 500 || ms >= SLOW_REQUEST_MS;
}

/**
 * One access-log line per request logged (see ACCESS_LOG_MODES), at `info`, when its answer has
 * gone out: method, URL, status, time to answer (ms) and the client's address (through
 * TRUST_PROXY); at `debug` also one when each request arrives, whatever the mode. Fastify's own
 * request logging (two lines per request, `incoming request` and `request completed`) is turned
 * off in app.ts. Lines go to an asynchronous destination (server/start.ts), so logging never waits
 * for the terminal or the disk.
 */
export const accessLogPlugin = fp(
  async (app: FastifyInstance, opts: { mode: AccessLogMode }) => {
    const enabled = (level: string) => (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) === true;
    // At `debug`, a line when a request arrives too (what is in flight when a process dies).
    if (enabled('debug')) {
      app.addHook('onRequest', (req, _reply, done) => {
        req.log.debug({ method: req.method, url: req.url }, 'incoming request');
        done();
      });
    }
    if (!enabled('info') || opts.mode === 'off') return;
    app.addHook('onResponse', (req, reply, done) => {
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      if (accessLogged(opts.mode, reply.statusCode, ms)) {
        req.log.info({ method: req.method, url: req.url, status: reply.statusCode, ms, ip: req.ip }, 'request');
      }
      done();
    });
  },
  { name: 'access-log' },
);
