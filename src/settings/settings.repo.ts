import type { EntityManager } from '@mikro-orm/core';
import { type ISettingsRow, SettingsRow } from './settings.entity.ts';

/** The one settings row; the initial migration creates it. */
export async function loadSettingsRow(em: EntityManager): Promise<ISettingsRow> {
  const row = await em.findOne(SettingsRow, { id: 1 });
  if (!row) throw new Error('settings row missing: migrations did not run');
  return row;
}
