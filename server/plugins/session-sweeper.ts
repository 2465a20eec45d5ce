import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeExpiredSessions } from '../../src/auth/session.service.ts';
import { sweepThrottle } from '../../src/auth/throttle-store.ts';
import { sweepIdempotencyKeys } from '../../src/idempotency/idempotency.service.ts';

const HOUR = 3_600_000;

/** Deletes expired and idle sessions, old login/unlock counters and day-old idempotency keys once an hour, so the tables do not grow without end. */
export const sessionSweeperPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    const sweep = async () => {
      try {
        const removed = await purgeExpiredSessions(app.db.fork(), app.config.session);
        if (removed) app.log.info({ removed }, 'expired sessions removed');
        const counters = await sweepThrottle(app.db.fork());
        if (counters) app.log.info({ removed: counters }, 'old login and unlock counters removed');
        const keys = await sweepIdempotencyKeys(app.db.fork());
        if (keys) app.log.info({ removed: keys }, 'idempotency keys older than 24 h removed');
      } catch (err) {
        app.log.warn({ err }, 'session sweep failed');
      }
    };
    app.addHook('onReady', async () => {
      timer = setInterval(sweep, HOUR);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'session-sweeper' },
);
