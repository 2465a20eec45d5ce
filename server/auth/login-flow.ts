import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { login, logout } from '../../src/auth/auth.service.ts';
import { loginFailed, loginSucceeded, loginWait } from '../../src/auth/login-throttle.ts';
import type { SessionUser } from '../../src/context.ts';
import { AppError } from '../../src/errors.ts';
import { clearSessionCookie, setSessionCookie } from '../cookies.ts';
import { clientAddress, enforceRequestRate, tooManyAttempts } from '../plugins/rate-limit.ts';

/**
 * Login as both adapters run it: the per-address request rate, the failure backoff (see
 * src/auth/login-throttle.ts), the domain's credential check, then the new session cookie.
 * tRPC and the legacy facade call this one function.
 */
export async function loginFlow(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { username: string; password: string },
): Promise<SessionUser> {
  await enforceRequestRate(app.requestRate.login, req, reply);
  const account = input.username.trim().toLowerCase();
  const address = clientAddress(req);
  const ctx = await req.appContext();
  const wait = await loginWait(ctx.em, account, address);
  if (wait > 0) {
    req.log.warn({ account, address, wait }, 'login refused: backing off after failures');
    tooManyAttempts(reply, wait);
  }
  try {
    const { token, user } = await login(ctx, input, app.config.session);
    await loginSucceeded(ctx.em, account, address);
    setSessionCookie(req, reply, token, app.config.session.maxMs);
    ctx.user = user;
    return user;
  } catch (e) {
    if (e instanceof AppError && e.kind === 'UNAUTHORIZED') await loginFailed(ctx.em, account, address);
    throw e;
  }
}

export async function logoutFlow(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const ctx = await req.appContext();
  await logout(ctx);
  ctx.user = null;
  ctx.sessionId = null;
  clearSessionCookie(req, reply);
}
