// The npm build of the SDK, emitted by Vite as a hashed file under /assets/ (served `immutable`
// from our own origin): no third-party script host, and nothing of it in the page's bundle.
import sdkUrl from '@shopify/buy-button-js/dist/buybutton.min.js?url';
import { LIMITS } from '../../../shared/limits.ts';
import { whenHydrated } from '../common/hydration.tsx';
import type { ShopifyBuyGlobal } from './sdk-types.ts';

/** The spec's message (§8) when the SDK does not arrive in time. */
export const SDK_TIMEOUT_MESSAGE = 'Timeout ao aguardar SDK';

let script: Promise<ShopifyBuyGlobal> | null = null;
let wanted: Promise<void> | null = null;
let want: () => void = () => {};

/** With no move and no saved cart, the SDK loads this long after the page's hydration. */
const UNPROMPTED_DELAY_MS = 5000;

/** True when this browser holds a cart of this shop from an earlier visit (the SDK's own key). */
function hasSavedCart(domain: string, token: string): boolean {
  try {
    return !!window.localStorage.getItem(`${token}.${domain}.checkoutId`);
  } catch {
    return false; // storage disabled: no saved cart can exist either
  }
}

/** The shopper asked for the SDK (a buy button or the cart button was used): load it now. */
export function wantSdk(): void {
  whenWanted();
  want();
}

/**
 * Resolves when the SDK is worth its cost: at the shopper's first move (a touch, click, key,
 * focus, mouse move or scroll, even one made before the app loaded: client/entry-client.tsx); for
 * a returning shopper whose browser keeps a cart of this shop, at the first idle moment after the
 * load event and the page's whole hydration (common/hydration.tsx), so the header's badge shows
 * that cart without waiting; otherwise UNPROMPTED_DELAY_MS after that. Either way the SDK never
 * competes with first paint or hydration.
 */
export function whenWanted(shop?: { domain: string; token: string }): Promise<void> {
  wanted ??= new Promise<void>((resolve) => {
    want = () => {
      window.removeEventListener('shopper-moved', want);
      resolve();
    };
    // The entry (client/entry-client.tsx) watches for the shopper's first move from the start.
    if (document.documentElement.dataset.shopperMoved === 'true') want();
    else window.addEventListener('shopper-moved', want);
  });
  if (shop) {
    // Without a move the SDK still comes, later: for a shopper who only reads, or one whose
    // assistive technology moves through the page without these events.
    const delay = hasSavedCart(shop.domain, shop.token) ? 0 : UNPROMPTED_DELAY_MS;
    const idle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(want, { timeout: 2000 });
      else setTimeout(want, 200);
    };
    const loaded = () => whenHydrated().then(() => setTimeout(idle, delay));
    if (document.readyState === 'complete') loaded();
    else window.addEventListener('load', loaded, { once: true });
  }
  return wanted;
}

/** Adds the SDK's <script> once; a failed download is forgotten so a later call tries again. */
function injectScript(): Promise<ShopifyBuyGlobal> {
  const ready = window.ShopifyBuy;
  if (ready) return Promise.resolve(ready);
  script ??= new Promise<ShopifyBuyGlobal>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = sdkUrl;
    el.async = true;
    el.onload = () => (window.ShopifyBuy ? resolve(window.ShopifyBuy) : reject(new Error('ShopifyBuy ausente')));
    el.onerror = () => {
      el.remove();
      script = null;
      reject(new Error(`Falha ao carregar o SDK (${sdkUrl})`));
    };
    document.head.appendChild(el);
  });
  return script;
}

/**
 * The SDK's global, loaded on demand. Waiting gives up after LIMITS.sdkWaitTimeoutMs with
 * 'Timeout ao aguardar SDK'; the script keeps downloading, so a later call may still succeed.
 */
export function waitForSdk(timeoutMs: number = LIMITS.sdkWaitTimeoutMs): Promise<ShopifyBuyGlobal> {
  return new Promise<ShopifyBuyGlobal>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(SDK_TIMEOUT_MESSAGE)), timeoutMs);
    injectScript().then(
      (sdk) => {
        clearTimeout(timer);
        resolve(sdk);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
