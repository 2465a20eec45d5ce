// The npm build of the SDK, emitted by Vite as a hashed file under /assets/ (served `immutable`
// from our own origin): no third-party script host, and nothing of it in the page's bundle.
import sdkUrl from '@shopify/buy-button-js/dist/buybutton.min.js?url';
import { LIMITS } from '../../../shared/limits.ts';
import { whenHydrated } from '../common/hydration.tsx';
import type { ShopifyBuyGlobal } from './sdk-types.ts';

/** The spec's message (§8) when the SDK does not arrive in time. */
export const SDK_TIMEOUT_MESSAGE = 'Timeout ao aguardar SDK';

let interactive: Promise<void> | null = null;
let script: Promise<ShopifyBuyGlobal> | null = null;

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Resolves once the page is interactive: the first idle moment after the load event and the
 * page's whole hydration (common/hydration.tsx), or the visitor's first interaction, whichever
 * comes first. The SDK never competes with first paint or hydration.
 */
export function whenInteractive(): Promise<void> {
  interactive ??= new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      for (const type of INTERACTIONS) window.removeEventListener(type, finish, true);
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, finish, { capture: true, passive: true });
    const idle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(finish, { timeout: 2000 });
      else setTimeout(finish, 200);
    };
    const loaded = () => whenHydrated().then(idle);
    if (document.readyState === 'complete') loaded();
    else window.addEventListener('load', loaded, { once: true });
  });
  return interactive;
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
