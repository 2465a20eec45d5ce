import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { login, logout } from '../../src/auth/auth.service.ts';
import { loginAbandoned, loginAttempt, loginFailed, loginSucceeded } from '../../src/auth/login-throttle.ts';
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
  const wait = await loginAttempt(ctx.em, account, address);
  if (wait > 0) {
    req.log.warn({ account, address, wait }, 'login refused: backing off after failures');
    tooManyAttempts(reply, wait);
  }
  let user: SessionUser;
  let token: string;
  try {
    ({ token, user } = await login(ctx, input, app.config.session));
  } catch (e) {
    if (e instanceof AppError && e.kind === 'UNAUTHORIZED') await loginFailed(ctx.em, account, address);
    else await loginAbandoned(ctx.em, account, address);
    throw e;
  }
  await loginSucceeded(ctx.em, account, address);
  setSessionCookie(req, reply, token, app.config.session.maxMs);
  ctx.user = user;
  return user;
}

export async function logoutFlow(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const ctx = await req.appContext();
  await logout(ctx);
  ctx.user = null;
  ctx.sessionId = null;
  clearSessionCookie(req, reply);
}
