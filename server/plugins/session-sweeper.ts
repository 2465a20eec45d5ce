import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeExpiredSessions } from '../../src/auth/session.service.ts';

const HOUR = 3_600_000;

/** Deletes expired and idle sessions once an hour, so the table does not grow without end. */
export const sessionSweeperPlugin = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    const sweep = async () => {
      try {
        const removed = await purgeExpiredSessions(app.db.fork(), app.config.session);
        if (removed) app.log.info({ removed }, 'expired sessions removed');
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
