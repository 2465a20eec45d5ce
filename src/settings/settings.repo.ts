import type { EntityManager } from '@mikro-orm/core';
import type { AppContext } from '../context.ts';
import { type ISettingsRow, SettingsRow } from './settings.entity.ts';

/** The one settings row; the initial migration creates it. */
export async function loadSettingsRow(em: EntityManager): Promise<ISettingsRow> {
  const row = await em.findOne(SettingsRow, { id: 1 });
  if (!row) throw new Error('settings row missing: migrations did not run');
  return row;
}

/**
 * The settings row for reading only: the copy the server shares between requests when it keeps
 * one (a storefront page needs the payment terms without a query of its own), else read now.
 * Writes load the row with `loadSettingsRow` in their own unit of work.
 */
export function readSettings(ctx: Pick<AppContext, 'em' | 'sharedSettings'>): Promise<Readonly<ISettingsRow>> {
  return ctx.sharedSettings?.() ?? loadSettingsRow(ctx.em);
}
