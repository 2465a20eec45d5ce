import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Settings } from '../../../shared/settings.ts';
import { sdkTexts } from './sdk-texts.ts';
import { configureShop, getSnapshot, type ShopSnapshot, subscribe } from './shop-session.ts';
import { type ShopSetup, shopSetupOf } from './shop-setup.ts';

/** Setups made, by settings object and Lingui instance (with the locale they were made in). */
const made = new WeakMap<Settings, WeakMap<I18n, { locale: string; setup: ShopSetup | null }>>();

/**
 * One setup per settings answer and locale: every product card of a page shares it (a collection
 * page draws 48), and so do the pages the server renders from the same settings.
 */
function setupOf(settings: Settings, i18n: I18n): ShopSetup | null {
  let byI18n = made.get(settings);
  if (!byI18n) {
    byI18n = new WeakMap();
    made.set(settings, byI18n);
  }
  const known = byI18n.get(i18n);
  if (known && known.locale === i18n.locale) return known.setup;
  const setup = shopSetupOf(settings, sdkTexts(i18n));
  byI18n.set(i18n, { locale: i18n.locale, setup });
  return setup;
}

/**
 * The Buy Button setup for these settings and the page's locale, handed to the session after
 * render (so the server and hydration never touch the SDK). Every component that shows a buy
 * button or the cart calls it; equal setups are one session.
 */
export function useShopSetup(settings: Settings | null): ShopSetup | null {
  const { i18n } = useLingui();
  const setup = useMemo(() => (settings ? setupOf(settings, i18n) : null), [settings, i18n]);
  useEffect(() => {
    configureShop(setup);
  }, [setup]);
  return setup;
}

/** The session's phase and generation (`off` on the server and during hydration). */
export function useShopSnapshot(): ShopSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
