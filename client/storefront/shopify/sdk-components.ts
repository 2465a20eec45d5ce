import { wantSdk } from './sdk-loader.ts';
import type { ButtonVariant } from './sdk-options.ts';
import { connectShop, destroyComponent, type Live } from './shop-session.ts';
import type { productRef } from './shop-setup.ts';

export type ProductRef = NonNullable<ReturnType<typeof productRef>>;

/**
 * Mounts one SDK product button inside `host` (in a node of its own, so React's nodes are never
 * touched) and resolves with the handle that removes or presses it. Rejects when the SDK or the product
 * fails; the SDK has logged why, and the node is gone so a later call starts clean.
 */
export type Mounted = {
  /** Removes the button from the page and from the SDK's list. */
  destroy(): void;
  /** Presses the SDK's button, for a press the shopper made on the placeholder while it loaded. */
  press(): void;
};

export async function mountProduct(host: HTMLElement, ref: ProductRef, variant: ButtonVariant): Promise<Mounted> {
  const l = await connectShop();
  const { productOptions } = await import('./sdk-options.ts'); // loaded by connectShop already
  const list = l.ui.components.product;
  const node = host.appendChild(document.createElement('div'));
  const component = await l.ui.createComponent('product', {
    ...ref,
    node,
    moneyFormat: l.setup.moneyFormat,
    options: productOptions(l.setup, variant, l.popup),
  });
  if (!component) {
    const failed = list.findIndex((c) => c.node === node);
    if (failed >= 0) list.splice(failed, 1);
    node.remove();
    throw new Error('Falha ao montar o botão de compra');
  }
  return {
    destroy: () => destroyComponent(list, component),
    press: () => component.view.iframe?.document?.querySelector<HTMLElement>('[data-element="product.button"]')?.click(),
  };
}

/**
 * Opens the cart drawer when it is closed and closes it when open (spec §2 "Header"). Focus goes
 * into the drawer (the SDK traps it there) and comes back to `opener` when the drawer closes.
 */
export async function toggleCartFrom(opener: HTMLElement): Promise<void> {
  wantSdk();
  const l = await connectShop();
  if (l.cart.isVisible) {
    l.ui.closeCart();
  } else {
    l.ui.setActiveEl(opener);
    l.cart.open();
  }
}

export type CartState = { count: number; open: boolean };

/** Item count as the provider's cart toggle shows it (sum of line quantities), and whether it is open. */
export function readCart(l: Live | null): CartState {
  if (!l) return { count: 0, open: false };
  const toggle = l.cart.toggles[0];
  const count = toggle ? toggle.count : (l.cart.model?.lineItems ?? []).reduce((n, line) => n + line.quantity, 0);
  return { count, open: l.cart.isVisible };
}

/** Calls `onChange` when the toggle's count changes in its frame or the drawer opens or closes. */
export function observeCart(l: Live, onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  const body = l.cart.toggles[0]?.view.iframe?.document?.body;
  if (body) observer.observe(body, { subtree: true, childList: true, characterData: true });
  observer.observe(l.cart.node, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
