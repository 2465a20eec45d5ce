/**
 * What the consent script (consent.ts) and the banner the server writes (consent-markup.ts) share.
 * It imports nothing: consent.ts stays one self-contained file, and the server reads it as it is.
 */

/** The banner and the preferences panel (the footer's 'Preferências de cookies' opens the panel: CookiePreferencesLink.tsx). */
export const CONSENT_IDS = { banner: 'cookie-consent', preferences: 'cookie-preferences' } as const;

/** Where the shopper's choice is kept (localStorage). */
export const CONSENT_STORAGE_KEY = 'loja-consent';

/**
 * Written inline right after the banner: shows it at once when no choice is stored, so a first
 * visit's banner is drawn with the page instead of after consent.ts arrives (on a phone it is often
 * the page's largest paint, which otherwise waited for every script the page loads). consent.ts
 * still decides: a stored choice that misses a tag added since shows it too. The page policy
 * allows exactly this script by its hash (server/plugins/content-policy.ts).
 */
export const CONSENT_REVEAL_SCRIPT = `(function(){var c;try{c=localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)})}catch(e){}if(!c)document.getElementById(${JSON.stringify(CONSENT_IDS.banner)}).hidden=false})()`;
