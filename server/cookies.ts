import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'sid';
/** Set when a visitor unlocks a locked store; lasts for the browser session (spec §9). */
export const UNLOCK_COOKIE = 'store_unlocked';

function base(req: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: req.protocol === 'https' };
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number): void {
  reply.setCookie(SESSION_COOKIE, token, { ...base(req), maxAge: Math.floor(maxAgeMs / 1000) });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, base(req));
}

/** No max-age: the unlock lasts for the browser session (spec §9). */
export function setUnlockCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(UNLOCK_COOKIE, token, base(req));
}
