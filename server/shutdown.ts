import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { stopVariants } from '../src/media/backfill.ts';
import { markDraining } from './health.ts';

/** One client connection: requests in flight, bytes read when its last answer went out, since when it is idle. */
type Conn = { socket: Socket; inFlight: number; bytesAtLastAnswer: number; idleAt: number | null };

/**
 * How long a connection must stay idle with nothing unread before shutdown closes it: covers a
 * client that has connected but whose request is still on its way.
 */
const QUIET_MS = 300;

const nextCheckPhase = () => new Promise((r) => setImmediate(r));

/**
 * Follows every connection of the HTTP server: how many requests it has in flight and how many
 * bytes it had read when its last answer went out. A connection is closed only when it has had
 * nothing in flight and received nothing for QUIET_MS, checked right after the event loop's poll
 * phase: bytes already in the kernel are read first, so no request that reached the process is lost.
 */
function trackConnections(server: Server) {
  const conns = new Map<Socket, Conn>();
  let accepted = 0;
  let draining = false;
  server.on('connection', (socket: Socket) => {
    accepted++;
    conns.set(socket, { socket, inFlight: 0, bytesAtLastAnswer: 0, idleAt: null });
    socket.once('close', () => conns.delete(socket));
  });
  // Runs before Fastify sees the request: while draining, every answer says `Connection: close`
  // and closes its connection, so keep-alive clients reconnect (to another instance).
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.shouldKeepAlive = false;
    const conn = conns.get(req.socket);
    if (!conn) return;
    conn.inFlight++;
    res.once('close', () => {
      conn.inFlight--;
      conn.bytesAtLastAnswer = conn.socket.bytesRead;
    });
  });
  return {
    drain: () => {
      draining = true;
    },
    count: () => conns.size,
    /**
     * Closes the listener once the kernel's backlog is empty: libuv accepts one connection per
     * event-loop turn, and a connection still waiting in the backlog is reset with the listener.
     */
    async stopAccepting(): Promise<void> {
      let before: number;
      do {
        before = accepted;
        await nextCheckPhase();
      } while (accepted !== before);
      NetServer.prototype.close.call(server);
    },
    /** One pass: closes the connections idle with nothing unread for QUIET_MS. */
    async closeIdle(): Promise<void> {
      await nextCheckPhase();
      for (const c of conns.values()) {
        const idle = c.inFlight === 0 && c.socket.bytesRead === c.bytesAtLastAnswer && c.socket.readableLength === 0;
        if (!idle) c.idleAt = null;
        else if (c.idleAt === null) c.idleAt = Date.now();
        else if (Date.now() - c.idleAt >= QUIET_MS) c.socket.destroy();
      }
    },
  };
}

export type ShutdownOptions = {
  drainMs: number;
  graceMs: number;
  /** True when a person runs the process in a terminal: their Ctrl-C (SIGINT) skips the drain delay. */
  interactive?: boolean;
};

/**
 * Graceful stop as load balancers expect it, installed on SIGTERM and SIGINT:
 * 1. /readyz answers 503 at once; for `drainMs` the server keeps answering everything (with
 *    `Connection: close`), so the balancer moves traffic away without a single refused request;
 * 2. then the listener closes (new connections are refused) and each open connection is closed
 *    once its requests are answered and it has nothing more to read: no request sent is lost;
 * 3. then Fastify's onClose hooks run and the database closes; the process exits 0.
 * If all of it takes longer than `graceMs`, the process exits 1.
 * Ctrl-C in a terminal (SIGINT with `interactive`) skips step 1's delay: no load balancer is
 * waiting on /readyz there, and `npm start` gives the prompt back at once, so a process that
 * lingered for seconds would hold the data directory while the next `npm start` begins. Requests
 * already received are still answered (step 2).
 */
export function installGracefulShutdown(app: FastifyInstance, opts: ShutdownOptions, exit: (code: number) => void): void {
  const server = app.server;
  const conns = trackConnections(server);
  let started = false;
  const shutdown = async (signal: string) => {
    if (started) return;
    started = true;
    const timer = setTimeout(() => {
      app.log.error({ open: conns.count() }, 'shutdown timed out; exiting');
      exit(1);
    }, opts.graceMs);
    timer.unref();
    try {
      markDraining(app);
      conns.drain();
      const drainMs = signal === 'SIGINT' && opts.interactive ? 0 : opts.drainMs;
      app.log.info({ signal, drainMs }, drainMs ? 'shutting down: draining' : 'shutting down');
      if (drainMs) await new Promise((r) => setTimeout(r, drainMs));
      // 'close' fires once the listener is closed and every connection is gone. net.Server's close,
      // not http.Server's: that one also drops "idle" keep-alive connections at once, including
      // those whose request bytes arrived but are not parsed yet (a reset request).
      const closed = new Promise<void>((r) => server.once('close', () => r()));
      await conns.stopAccepting();
      app.log.info({ open: conns.count() }, 'shutting down: listener closed, finishing requests');
      while (conns.count() > 0) {
        await conns.closeIdle();
        if (conns.count() > 0) await new Promise((r) => setTimeout(r, 20));
      }
      await closed;
      // Variant files still being written (a missing variant asked for, the start-up backfill) are finished first.
      await stopVariants();
      await app.close();
      await app.db.close();
      app.log.info('shutdown complete');
      exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
