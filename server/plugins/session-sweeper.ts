import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeExpiredSessions } from '../../src/auth/session.service.ts';
import { sweepThrottle } from '../../src/auth/throttle-store.ts';

const HOUR = 3_600_000;

/** Deletes expired and idle sessions and old login/unlock counters once an hour, so the tables do not grow without end. */
export const sessionSweeperPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    const sweep = async () => {
      try {
        const removed = await purgeExpiredSessions(app.db.fork(), app.config.session);
        if (removed) app.log.info({ removed }, 'expired sessions removed');
        const counters = await sweepThrottle(app.db.fork());
        if (counters) app.log.info({ removed: counters }, 'old login and unlock counters removed');
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
