import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unlockAttempt, unlockSettled } from '../../src/auth/login-throttle.ts';
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
  const wait = await unlockAttempt(ctx.em, address);
  if (wait > 0) tooManyAttempts(reply, wait);
  let token: string | null;
  try {
    token = await unlockStore(ctx, password);
  } catch (e) {
    // A wrong password stays counted; anything else was never a guess.
    if (!(e instanceof AppError && e.kind === 'UNAUTHORIZED')) await unlockSettled(ctx.em, address, false);
    throw e;
  }
  await unlockSettled(ctx.em, address, token !== null);
  if (token) {
    setUnlockCookie(req, reply, token);
    ctx.unlocked = true;
  }
}
