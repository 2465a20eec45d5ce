import { SDK_TIMEOUT_MESSAGE, waitForSdk, whenWanted } from './sdk-loader.ts';
import type { SdkCart, SdkComponent, SdkUi } from './sdk-types.ts';
import { type ShopSetup, shopKey } from './shop-setup.ts';

/**
 * The app's one Buy Button session: the SDK client and UI for the configured shop and the one
 * cart widget, created outside React's tree (appended to <body>, never moved). Components read it
 * through `subscribe`/`getSnapshot`. A new setup (other domain/token, locale or settings) tears the
 * cart down and bumps `generation`, which makes every product button remount against the new one.
 */
export type Phase = 'off' | 'idle' | 'loading' | 'ready' | 'failed';
export type ShopSnapshot = { phase: Phase; generation: number };
export type Live = { ui: SdkUi; cart: SdkCart; setup: ShopSetup; popup: boolean; extra: HTMLElement | null };

let setup: ShopSetup | null = null;
let key = '';
let snapshot: ShopSnapshot = { phase: 'off', generation: 0 };
let live: Live | null = null;
let pending: Promise<Live> | null = null;
const listeners = new Set<() => void>();

const emit = (phase: Phase, generation = snapshot.generation) => {
  snapshot = { phase, generation };
  for (const l of listeners) l();
};
export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const getSnapshot = () => snapshot;
export const getLive = () => live;

/** Removes an SDK component from the page and from the UI's list (the SDK's own helper removes all). */
export function destroyComponent(list: SdkComponent[], component: SdkComponent): void {
  if (component.node.parentNode) component.destroy();
  const i = list.indexOf(component);
  if (i >= 0) list.splice(i, 1);
}

function destroyLive(l: Live): void {
  if (l.cart.isVisible) l.ui.closeCart();
  destroyComponent(l.ui.components.cart, l.cart);
  l.extra?.remove();
}

/** Sets the shop to use (null: none). A different setup recreates the connection and the cart. */
export function configureShop(next: ShopSetup | null): void {
  const nextKey = shopKey(next);
  if (nextKey === key) return;
  if (live) destroyLive(live);
  live = null;
  pending = null;
  setup = next;
  key = nextKey;
  emit(next ? 'idle' : 'off', snapshot.generation + 1);
}

/** A container that keeps the SDK's toggle (whose count the badge watches) out of sight and reach. */
function hiddenToggleHost(): HTMLElement {
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.inert = true;
  host.style.cssText = 'position:fixed;left:0;bottom:0;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);pointer-events:none';
  host.appendChild(document.createElement('div'));
  document.body.appendChild(host);
  return host;
}

async function start(s: ShopSetup): Promise<Live> {
  await whenWanted(s);
  // The SDK's options and styles load with it (sdk-options.ts), not with the page.
  const [sdk, { cartOptions, checkoutInPopup }] = await Promise.all([waitForSdk(), import('./sdk-options.ts')]);
  // UI.init keeps one UI per domain+token: the npm build has no UI.onReady, init is synchronous.
  const ui = sdk.UI.init(sdk.buildClient({ domain: s.domain, storefrontAccessToken: s.token, language: s.locale }));
  const popup = checkoutInPopup();
  const node = document.body.appendChild(document.createElement('div'));
  const extra = s.floatingToggle ? null : hiddenToggleHost();
  // The cart is created before any product, so every product shares it (one cart for the app).
  const cart = (await ui.createComponent('cart', {
    node,
    moneyFormat: s.moneyFormat,
    ...(extra?.firstElementChild ? { toggles: [{ node: extra.firstElementChild }] } : {}),
    options: cartOptions(s, popup),
  })) as SdkCart | undefined;
  if (!cart) {
    node.remove();
    extra?.remove();
    ui.components.cart.length = 0;
    throw new Error('Falha ao iniciar o carrinho');
  }
  return { ui, cart, setup: s, popup, extra };
}

/**
 * The ready session, loading the SDK once it is wanted (sdk-loader.ts `whenWanted`). Failures are logged once per
 * attempt (console.error; the page keeps working) and leave the session retryable.
 */
export function connectShop(): Promise<Live> {
  if (live) return Promise.resolve(live);
  if (pending) return pending;
  const s = setup;
  if (!s) return Promise.reject(new Error('Nenhuma loja Shopify configurada'));
  const generation = snapshot.generation;
  const current = start(s).then(
    (l) => {
      if (generation !== snapshot.generation) {
        destroyLive(l);
        throw new Error('Configuração da loja mudou');
      }
      live = l;
      pending = null;
      emit('ready');
      return l;
    },
    (error: unknown) => {
      if (generation === snapshot.generation) {
        pending = null;
        console.error(error instanceof Error && error.message === SDK_TIMEOUT_MESSAGE ? SDK_TIMEOUT_MESSAGE : error);
        emit('failed');
      }
      throw error;
    },
  );
  pending = current;
  emit('loading');
  return current;
}
