import { randomBytes } from 'node:crypto';
import { type EntityManager, LockMode } from '@mikro-orm/core';
import { type AdminUserDto, type Me, newUserProblems, passwordChangeProblems } from '../../shared/auth.ts';
import { MESSAGES } from '../../shared/errors.ts';
import type { AppContext, Logger, SessionUser } from '../context.ts';
import { AppError } from '../errors.ts';
import { idempotentCreate } from '../idempotency/idempotency.service.ts';
import { AdminUser, type IAdminUser } from './admin-user.entity.ts';
import { hashPassword, isOutdatedHash, verifyPassword } from './password.ts';
import { createSession, destroyOtherSessions, destroySession, type SessionPolicy } from './session.service.ts';

const findByUsername = (em: EntityManager, username: string) =>
  em.findOne(AdminUser, { username: { $ilike: username.replace(/[\\%_]/g, '\\$&') } });

function toDto(u: IAdminUser): AdminUserDto {
  return { id: u.id, username: u.username, is_admin: u.is_admin, email: u.email ?? null, created_at: u.created_at.toISOString() };
}

export function me(ctx: AppContext): Me {
  return ctx.user
    ? { authenticated: true, is_admin: ctx.user.isAdmin, username: ctx.user.username }
    : { authenticated: false, is_admin: false };
}

/**
 * Checks the credentials and opens a new session. Any session the browser already had is ended
 * first, so the id always changes on login (no session fixation).
 */
export async function login(
  ctx: AppContext,
  input: { username: string; password: string },
  policy: SessionPolicy,
): Promise<{ token: string; user: SessionUser }> {
  const username = input.username.trim();
  const user = username ? await findByUsername(ctx.em, username) : null;
  // An unknown name costs what an existing administrator's older hash costs while one is stored
  // (read for known names too, so the two paths make the same queries).
  const like = await outdatedHash(ctx.em);
  const ok = await verifyPassword(user?.password_hash, input.password, user ? null : like);
  if (!user || !ok) throw new AppError('UNAUTHORIZED', MESSAGES.invalidCredentials);
  const previous = ctx.sessionId;
  const token = await ctx.em.transactional(async (em) => {
    if (previous) await destroySession(em, previous);
    return createSession(em, user.id, policy);
  });
  if (isOutdatedHash(user.password_hash)) await rehash(ctx, user, input.password);
  ctx.log.info({ userId: user.id }, 'admin login');
  return { token, user: { id: user.id, username: user.username, isAdmin: user.is_admin } };
}

/** A stored administrator's hash made with older parameters than today's, if any (password.ts). */
async function outdatedHash(em: EntityManager): Promise<string | null> {
  const users = await em.find(AdminUser, {}, { fields: ['password_hash'], limit: 50 });
  return users.map((u) => u.password_hash).find(isOutdatedHash) ?? null;
}

/**
 * Replaces a hash made with older parameters now that the password is known (only if it is still
 * the stored one: a password changed meanwhile wins). The sign-in does not depend on it.
 */
async function rehash(ctx: AppContext, user: IAdminUser, password: string): Promise<void> {
  try {
    const hash = await hashPassword(password);
    await ctx.em.fork().nativeUpdate(AdminUser, { id: user.id, password_hash: user.password_hash }, { password_hash: hash });
  } catch (e) {
    ctx.log.warn({ err: e, userId: user.id }, 'password hash not updated to the current parameters');
  }
}

export async function logout(ctx: AppContext): Promise<void> {
  if (ctx.sessionId) await destroySession(ctx.em, ctx.sessionId);
}

export async function listUsers(ctx: AppContext): Promise<AdminUserDto[]> {
  const users = await ctx.em.find(AdminUser, {}, { orderBy: { id: 'asc' } });
  return users.map(toDto);
}

/** Refuses a new user's credentials with the first problem of spec §5 (shared/auth.ts: newUserProblems). */
export function validateNewCredentials(username: string, password: string): void {
  const problems = newUserProblems({ username, password });
  const empty = (['username', 'password'] as const).find((f) => problems[f] === 'fillAllFields');
  if (empty) throw new AppError('BAD_REQUEST', MESSAGES.fillAllFields, undefined, empty);
  if (problems.username) throw new AppError('BAD_REQUEST', MESSAGES.invalidUsername, 'invalid_username', 'username');
  if (problems.password) throw new AppError('BAD_REQUEST', MESSAGES.passwordTooShort, undefined, 'password');
}

/** Creates another administrator (spec §6: every user is an admin). */
export const createUser = idempotentCreate('users.create', {
  // Checked and hashed (argon2, the slow part) before the transaction.
  prepare: async (ctx: AppContext, input: { username: string; password: string }) => {
    const username = input.username.trim();
    validateNewCredentials(username, input.password);
    if (await findByUsername(ctx.em, username)) throw usernameExists();
    return { username, password_hash: await hashPassword(input.password) };
  },
  commit: insertUser,
  // The password is never kept, not even as a digest: a key is tied to the username it created.
  identity: ([input]) => ({ username: input.username.trim() }),
});

const usernameExists = () => new AppError('CONFLICT', MESSAGES.usernameExists, 'username_exists');

async function insertUser(ctx: AppContext, user: { username: string; password_hash: string }): Promise<number> {
  const row = ctx.em.create(AdminUser, { ...user, is_admin: true, email: null, created_at: new Date() });
  try {
    await ctx.em.flush();
  } catch (e) {
    // Two requests racing for one name: the unique index decides.
    if ((e as { name?: string }).name === 'UniqueConstraintViolationException') throw usernameExists();
    throw e;
  }
  return row.id;
}

export async function deleteUser(ctx: AppContext, id: number): Promise<void> {
  if (ctx.user?.id === id) throw new AppError('BAD_REQUEST', MESSAGES.cannotDeleteSelf, 'cannot_delete_self');
  // Every admin row is locked first, so two admins deleting each other at the same moment are
  // serialised: the second one sees a single admin left and is refused.
  await ctx.em.transactional(async (em) => {
    const admins = await em.find(AdminUser, { is_admin: true }, { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'] });
    if (!admins.some((a) => a.id === id)) {
      if (!(await em.count(AdminUser, { id }))) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    } else if (admins.length <= 1) {
      throw new AppError('BAD_REQUEST', MESSAGES.cannotDeleteLastAdmin, 'cannot_delete_last_admin');
    }
    await em.nativeDelete(AdminUser, { id });
  });
}

/** Changes the signed-in admin's password after checking the current one; other sessions end. */
export async function changePassword(ctx: AppContext, input: { current: string; new: string }): Promise<void> {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
  const problems = passwordChangeProblems(input);
  const empty = (['current', 'new'] as const).find((f) => problems[f] === 'fillAllFields');
  if (empty) throw new AppError('BAD_REQUEST', MESSAGES.fillAllFields, undefined, empty);
  if (problems.new) throw new AppError('BAD_REQUEST', MESSAGES.newPasswordTooShort, undefined, 'new');
  const user = await ctx.em.findOneOrFail(AdminUser, { id: ctx.user.id });
  if (!(await verifyPassword(user.password_hash, input.current))) {
    throw new AppError('BAD_REQUEST', MESSAGES.wrongPassword, 'wrong_password');
  }
  const hash = await hashPassword(input.new);
  // One transaction: a new password never lives alongside the sessions it should have ended.
  await ctx.em.transactional(async (em) => {
    await em.nativeUpdate(AdminUser, { id: user.id }, { password_hash: hash });
    await destroyOtherSessions(em, user.id, ctx.sessionId);
  });
}

/**
 * First start: with no admin in the database, creates one from ADMIN_USERNAME/ADMIN_PASSWORD, or
 * `admin` with a random password that is printed once.
 */
export async function ensureInitialAdmin(
  em: EntityManager,
  admin: { username?: string; password?: string },
  log: Logger,
  print: (line: string) => void,
): Promise<void> {
  if ((await em.count(AdminUser, {})) > 0) return;
  const username = admin.username ?? 'admin';
  const password = admin.password ?? randomBytes(12).toString('base64url');
  validateNewCredentials(username, password);
  em.create(AdminUser, { username, password_hash: await hashPassword(password), is_admin: true, email: null, created_at: new Date() });
  await em.flush();
  log.info({ username }, 'initial admin created');
  if (!admin.password) {
    print(
      `\n  Admin created. Sign in at /admin with\n    username: ${username}\n    password: ${password}\n  (shown once: keep it safe, or set ADMIN_USERNAME and ADMIN_PASSWORD before the first start)\n`,
    );
  }
}
