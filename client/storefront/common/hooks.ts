import { use } from 'react';
import type { Settings } from '../../../shared/settings.ts';
import { SettingsContext } from './settings-context.tsx';

/** The storefront settings (prefetched by the server for every page); null while locked. */
export function useSettings(): Settings | null {
  const data = use(SettingsContext);
  return data && 'currency' in data ? data : null;
}

/** True while the store is locked for this visitor: the server sent only the lock screen's fields. */
export function useLocked(): boolean {
  const data = use(SettingsContext);
  return !!data && !('currency' in data);
}
