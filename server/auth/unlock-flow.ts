import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/errors.ts';
import { AppError } from '../../src/errors.ts';
import { unlockStore } from '../../src/settings/store-lock.ts';
import { setUnlockCookie } from '../cookies.ts';

/** Unlocking a locked store: rate limited per client address, then the browser-session cookie. */
export async function unlockFlow(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, password: string): Promise<void> {
  const wait = app.limiters.unlockByIp.hit(req.ip);
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyAttempts);
  }
  const ctx = await req.appContext();
  const token = await unlockStore(ctx, password);
  if (token) {
    setUnlockCookie(req, reply, token);
    ctx.unlocked = true;
  }
}
