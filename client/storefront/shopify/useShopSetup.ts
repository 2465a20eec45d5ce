import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Settings } from '../../../shared/settings.ts';
import { sdkTexts } from './sdk-texts.ts';
import { configureShop, getSnapshot, type ShopSnapshot, subscribe } from './shop-session.ts';
import { type ShopSetup, shopSetupOf } from './shop-setup.ts';

/** Setups made, by settings object and locale. */
const made = new WeakMap<Settings, Map<string, ShopSetup | null>>();

/**
 * One setup per settings answer and locale: every product card of a page shares it (a collection
 * page draws 48), and so do the pages the server renders from the same settings. Keyed by the
 * locale, not by the Lingui instance `useLingui` gives: its I18nProvider hands out a new proxy of
 * the instance each time it mounts, so every page the server rendered made the setup (and its
 * sixteen translated texts) again: 20 KB a product page, measured 2026-11-29. A locale's texts
 * are in place before anything renders (the server's catalogs are loaded at start, the browser's
 * before hydration), so the locale says which they are.
 */
function setupOf(settings: Settings, i18n: I18n): ShopSetup | null {
  let byLocale = made.get(settings);
  if (!byLocale) {
    byLocale = new Map();
    made.set(settings, byLocale);
  }
  const known = byLocale.get(i18n.locale);
  if (known !== undefined) return known;
  const setup = shopSetupOf(settings, sdkTexts(i18n));
  byLocale.set(i18n.locale, setup);
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
