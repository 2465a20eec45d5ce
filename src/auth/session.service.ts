import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { SessionUser } from '../context.ts';
import { Session } from './session.entity.ts';

export type SessionPolicy = { idleMs: number; maxMs: number };

/** The cookie holds a random token; the database keeps only its SHA-256. */
export const tokenId = (token: string): string => createHash('sha256').update(token).digest('hex');

/** How often a session's last_seen_at is written (saves a write on every request). */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(em: EntityManager, userId: number, policy: SessionPolicy): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  em.create(Session, {
    id: tokenId(token),
    user: userId,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + policy.maxMs),
  });
  await em.flush();
  return token;
}

/** The user behind a cookie token, or null when it is unknown, idle too long or past its lifetime. */
export async function resolveSession(
  em: EntityManager,
  token: string | undefined,
  policy: SessionPolicy,
): Promise<{ sessionId: string; user: SessionUser } | null> {
  if (!token || token.length > 128) return null;
  const id = tokenId(token);
  const session = await em.findOne(Session, { id }, { populate: ['user'] });
  if (!session) return null;
  const now = Date.now();
  if (session.expires_at.getTime() <= now || session.last_seen_at.getTime() + policy.idleMs <= now) {
    await em.nativeDelete(Session, { id });
    return null;
  }
  if (now - session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await em.nativeUpdate(Session, { id }, { last_seen_at: new Date(now) });
  }
  const user = session.user;
  return { sessionId: id, user: { id: user.id, username: user.username, isAdmin: user.is_admin } };
}

export async function destroySession(em: EntityManager, sessionId: string): Promise<void> {
  await em.nativeDelete(Session, { id: sessionId });
}

/** Ends every session of a user except `keepId` (after a password change). */
export async function destroyOtherSessions(em: EntityManager, userId: number, keepId: string | null): Promise<void> {
  await em.nativeDelete(Session, keepId ? { user: userId, id: { $ne: keepId } } : { user: userId });
}

export async function purgeExpiredSessions(em: EntityManager, policy: SessionPolicy): Promise<number> {
  const now = Date.now();
  return em.nativeDelete(Session, {
    $or: [{ expires_at: { $lte: new Date(now) } }, { last_seen_at: { $lte: new Date(now - policy.idleMs) } }],
  });
}
