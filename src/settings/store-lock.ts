import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { MESSAGES } from '../../shared/errors.ts';
import { verifyPassword } from '../auth/password.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { ISettingsRow } from './settings.entity.ts';
import { loadSettingsRow } from './settings.repo.ts';

/**
 * The unlock cookie's value: an HMAC keyed by the stored password hash (secret, salted), so it
 * cannot be forged without the database and stops working as soon as the password changes.
 */
function tokenFor(hash: string): string {
  return createHmac('sha256', hash).update('store-unlock-v1').digest('base64url');
}

function tokenMatches(hash: string | null | undefined, token: string | null | undefined): boolean {
  if (!hash || !token) return false;
  const a = Buffer.from(tokenFor(hash));
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True while the owner keeps the store locked (spec §9): visitors see only the lock screen. */
export async function isStoreLocked(em: EntityManager): Promise<boolean> {
  return (await loadSettingsRow(em)).store_locked;
}

/** True when the browser's unlock cookie opens the currently locked store. */
export async function isUnlockedBy(em: EntityManager, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const row = await loadSettingsRow(em);
  return row.store_locked && tokenMatches(row.store_unlock_password_hash, token);
}

/** True when this request may see the store: it is open, unlocked in this browser, or an admin asks. */
export function canSeeStore(ctx: AppContext, row: Pick<ISettingsRow, 'store_locked'>): boolean {
  return !row.store_locked || ctx.unlocked || ctx.user?.isAdmin === true;
}

/**
 * The store lock, enforced on the server: every catalogue or content read calls this first, so
 * no route (tRPC, legacy, SSR) hands a locked store's data to a visitor who has not unlocked it.
 */
export async function assertStoreVisible(ctx: AppContext): Promise<void> {
  if (ctx.user?.isAdmin || ctx.unlocked) return;
  let visible = ctx.memo?.storeVisible;
  if (visible === undefined) {
    visible = canSeeStore(ctx, await loadSettingsRow(ctx.em));
    if (ctx.memo) ctx.memo.storeVisible = visible;
  }
  if (!visible) throw new AppError('STORE_LOCKED', MESSAGES.storeLocked);
}

/**
 * Checks the unlock password (spec §2 lock screen); returns the token for the browser-session
 * cookie, or null when the store is not locked (nothing to unlock).
 */
export async function unlockStore(ctx: AppContext, password: string): Promise<string | null> {
  const row = await loadSettingsRow(ctx.em);
  if (!row.store_locked || !row.store_unlock_password_hash) return null;
  if (!password || !(await verifyPassword(row.store_unlock_password_hash, password))) {
    throw new AppError('UNAUTHORIZED', MESSAGES.wrongUnlockPassword);
  }
  ctx.log.info('store unlocked for a visitor');
  return tokenFor(row.store_unlock_password_hash);
}
