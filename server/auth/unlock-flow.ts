import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unlockFailed, unlockSucceeded, unlockWait } from '../../src/auth/login-throttle.ts';
import { AppError } from '../../src/errors.ts';
import { unlockStore } from '../../src/settings/store-lock.ts';
import { setUnlockCookie } from '../cookies.ts';
import { clientAddress, enforceRequestRate, tooManyAttempts } from '../plugins/rate-limit.ts';

/**
 * Unlocking a locked store: the per-address request rate, failure backoff per address and for
 * every address together (src/auth/login-throttle.ts), then the browser-session cookie.
 */
export async function unlockFlow(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, password: string): Promise<void> {
  await enforceRequestRate(app.requestRate.unlock, req, reply);
  const address = clientAddress(req);
  const ctx = await req.appContext();
  const wait = await unlockWait(ctx.em, address);
  if (wait > 0) tooManyAttempts(reply, wait);
  try {
    const token = await unlockStore(ctx, password);
    if (token) {
      await unlockSucceeded(ctx.em, address);
      setUnlockCookie(req, reply, token);
      ctx.unlocked = true;
    }
  } catch (e) {
    if (e instanceof AppError && e.kind === 'UNAUTHORIZED') await unlockFailed(ctx.em, address);
    throw e;
  }
}
