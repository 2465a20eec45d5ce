import './storefront/storefront.css';
import { MODULES_TEMPLATE_ID } from '../shared/page-modules.ts';

/**
 * The storefront's entry: the server-rendered page paints first, then its code loads and runs.
 * The page carries its module preloads in a <template> (server/ssr/html.ts, the app's marked
 * `data-app`); after the first frame they go into the head, all at once, and the app is imported.
 * Nothing competes with the HTML and the LCP image before the first paint, on a slow phone or in
 * Lighthouse's simulation alike. A tab opened in the background hydrates when shown.
 *
 * This file stays a few hundred bytes with no imports of code: a shared module would become a
 * chunk fetched before the first paint.
 */

/**
 * What counts as the shopper starting to use the page: a touch, a click, a key, the mouse moving,
 * a scroll. None happens while a page merely loads. The first one is announced to the Buy Button
 * loader (storefront/shopify/sdk-loader.ts), which waits for it: `html[data-shopper-moved]` and a
 * `shopper-moved` event on window (so a move made before the app has loaded still counts).
 */
const INTENT = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;
const moved = () => {
  for (const type of INTENT) window.removeEventListener(type, moved, true);
  document.documentElement.dataset.shopperMoved = 'true';
  window.dispatchEvent(new Event('shopper-moved'));
};
for (const type of INTENT) window.addEventListener(type, moved, { capture: true, passive: true });

/**
 * A press on a buy button's placeholder before the app runs: kept on the slot (a property, not an
 * attribute, so hydration sees the server's markup) for the app to replay (shopify/useBuyButton.ts).
 */
window.addEventListener(
  'click',
  (e) => {
    const slot = e.target instanceof Element ? e.target.closest('[data-variant]') : null;
    if (slot) (slot as Element & { shopPressedAt?: number }).shopPressedAt = performance.now();
  },
  { capture: true, passive: true },
);

/** The app's import; a failure (network, or a page older than a deploy) reloads the page once. */
const RELOADED = 'storefront-reloaded';
function loadApp(href: string): void {
  import(/* @vite-ignore */ href).then(
    () => sessionStorage.removeItem(RELOADED),
    (error: unknown) => {
      console.error(error);
      if (sessionStorage.getItem(RELOADED)) return;
      sessionStorage.setItem(RELOADED, '1');
      location.reload();
    },
  );
}

const modules = document.getElementById(MODULES_TEMPLATE_ID);
requestAnimationFrame(() => {
  setTimeout(() => {
    if (modules instanceof HTMLTemplateElement) document.head.append(modules.content.cloneNode(true));
    const app = document.querySelector<HTMLLinkElement>('link[rel="modulepreload"][data-app]');
    if (app) loadApp(app.href);
    else console.error('storefront: no app module in the page');
  }, 0);
});
