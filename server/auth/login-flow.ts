import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/errors.ts';
import { login, logout } from '../../src/auth/auth.service.ts';
import type { SessionUser } from '../../src/context.ts';
import { AppError } from '../../src/errors.ts';
import { clearSessionCookie, setSessionCookie } from '../cookies.ts';

/**
 * Login as both adapters run it: rate limits per client address and per account, the domain's
 * credential check, then the new session cookie. tRPC and the legacy facade call this one function.
 */
export async function loginFlow(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { username: string; password: string },
): Promise<SessionUser> {
  const { loginByIp, loginByAccountIp, loginByAccount } = app.limiters;
  const account = input.username.trim().toLowerCase();
  const accountIp = `${account}|${req.ip}`;
  const wait = Math.max(loginByIp.hit(req.ip), loginByAccountIp.blocked(accountIp), loginByAccount.blocked(account));
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyAttempts);
  }
  const ctx = await req.appContext();
  try {
    const { token, user } = await login(ctx, input, app.config.session);
    loginByAccountIp.reset(accountIp);
    setSessionCookie(req, reply, token, app.config.session.maxMs);
    ctx.user = user;
    return user;
  } catch (e) {
    if (e instanceof AppError && e.kind === 'UNAUTHORIZED') {
      loginByAccountIp.hit(accountIp);
      loginByAccount.hit(account);
    }
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
