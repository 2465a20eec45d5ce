import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One access-log line per request, at `info`, when its answer has gone out: method, URL, status,
 * time to answer (ms) and the client's address (through TRUST_PROXY); at `debug` also one when it
 * arrives. Fastify's own request logging
 * (two lines per request, `incoming request` and `request completed`) is turned off in app.ts: at
 * the default level it cut the throughput of cache hits to about a third. The line is written to an
 * asynchronous destination (server/start.ts), so logging never waits for the terminal or the disk.
 */
export const accessLogPlugin = fp(
  async (app: FastifyInstance) => {
    const enabled = (level: string) => (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) === true;
    // At `debug`, a line when a request arrives too (what is in flight when a process dies).
    if (enabled('debug')) {
      app.addHook('onRequest', (req, _reply, done) => {
        req.log.debug({ method: req.method, url: req.url }, 'incoming request');
        done();
      });
    }
    if (!enabled('info')) return;
    app.addHook('onResponse', (req, reply, done) => {
      req.log.info(
        { method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, ip: req.ip },
        'request',
      );
      done();
    });
  },
  { name: 'access-log' },
);
