import { useLingui } from '@lingui/react';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Settings } from '../../../shared/settings.ts';
import { sdkTexts } from './sdk-texts.ts';
import { configureShop, getSnapshot, type ShopSnapshot, subscribe } from './shop-session.ts';
import { type ShopSetup, shopSetupOf } from './shop-setup.ts';

/**
 * The Buy Button setup for these settings and the page's locale, handed to the session after
 * render (so the server and hydration never touch the SDK). Every component that shows a buy
 * button or the cart calls it; equal setups are one session.
 */
export function useShopSetup(settings: Settings | null): ShopSetup | null {
  const { i18n } = useLingui();
  const setup = useMemo(() => (settings ? shopSetupOf(settings, sdkTexts(i18n)) : null), [settings, i18n]);
  useEffect(() => {
    configureShop(setup);
  }, [setup]);
  return setup;
}

/** The session's phase and generation (`off` on the server and during hydration). */
export function useShopSnapshot(): ShopSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
