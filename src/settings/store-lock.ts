import { MESSAGES } from '../../shared/errors.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { canSeeStore, loadSettingsRow } from './settings.service.ts';

/**
 * The store lock, enforced on the server: every catalogue or content read calls this first, so
 * no route (tRPC, legacy, SSR) hands a locked store's data to a visitor who has not unlocked it.
 */
export async function assertStoreVisible(ctx: AppContext): Promise<void> {
  if (ctx.user?.isAdmin || ctx.unlocked) return;
  const row = await loadSettingsRow(ctx.em);
  if (!canSeeStore(ctx, row)) throw new AppError('STORE_LOCKED', MESSAGES.storeLocked);
}
