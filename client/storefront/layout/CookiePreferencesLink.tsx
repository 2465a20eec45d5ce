import { useLingui } from '@lingui/react/macro';
import type { Settings } from '../../../shared/settings.ts';
import classes from './CookiePreferencesLink.module.css';

/**
 * The footer's 'Preferências de cookies' (issue 18): opens the consent panel the server writes
 * while an analytics or ads tag is set (client/consent/), through the popover attribute, with no
 * script of its own. Without tags there is nothing to choose and no link.
 */
export function CookiePreferencesLink({ settings }: { settings: Settings }) {
  const { t } = useLingui();
  if (!settings.ga4_measurement_id && !settings.meta_pixel_id && !settings.tiktok_pixel_id) return null;
  return (
    <button type="button" popoverTarget="cookie-preferences" className={classes.link}>
      {t`Preferências de cookies`}
    </button>
  );
}
