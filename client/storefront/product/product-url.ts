import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The shop's public origin as the server computed it (PUBLIC_URL, or the request's host): set by
 * the server renderer, absent in the browser.
 */
export const PublicOriginContext = createContext('');

const noSubscription = () => () => {};

/**
 * The origin the server used for this document, read back in the browser from the canonical link
 * it wrote, so the hydrating render matches the server's HTML exactly.
 */
function documentOrigin(): string {
  const href = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return href && URL.canParse(href) ? new URL(href).origin : window.location.origin;
}

/**
 * The absolute URL of a product page: on the server from the public-URL logic, in the browser from
 * `window.location` (after hydration; during it, the server's origin, so nothing mismatches).
 */
export function useProductUrl(slug: string): string {
  const serverOrigin = useContext(PublicOriginContext);
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => serverOrigin || documentOrigin(),
  );
  return `${origin}/produto/${encodeURIComponent(slug)}`;
}
