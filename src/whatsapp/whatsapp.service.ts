import { ALWAYS_OPEN, type HoursStatus, hoursStatus } from '../../shared/business-hours.ts';
import type { AppContext } from '../context.ts';
import { loadSettingsRow } from '../settings/settings.repo.ts';
import { canSeeStore } from '../settings/store-lock.ts';

/**
 * Whether the shop answers WhatsApp now, in its time zone, and when it does next (issue 18).
 * Always open while the shop has no WhatsApp number or no set hours (and for a visitor of a
 * locked store, who sees no button). `until` says how long the answer holds: the public cache
 * keeps a page that shows it no longer (server/public-cache/tags.ts).
 */
export async function whatsappStatus(ctx: AppContext, now = Date.now()): Promise<HoursStatus> {
  const row = await loadSettingsRow(ctx.em);
  if (!canSeeStore(ctx, row) || !row.whatsapp_number || !row.whatsapp_hours_enabled) return ALWAYS_OPEN;
  return hoursStatus(row.whatsapp_hours, row.time_zone, now);
}
