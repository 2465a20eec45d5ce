import { LIMITS } from '../../../shared/limits.ts';
import { addFontTo } from './sdk-font.ts';
import { cartStyles, productStyles } from './sdk-styles.ts';
import type { SdkComponent } from './sdk-types.ts';
import type { ShopSetup } from './shop-setup.ts';

/** Where a product button sits: the card's two variants, or the product page's two buttons. */
export type ButtonVariant = 'homeMobile' | 'homeDesktop' | 'add' | 'buyNow';

/**
 * Checkout in a popup only on a desktop with a mouse and room for it (the SDK's default there,
 * and the shop stays open behind it). On phones and tablets a popup is a new tab the shopper has
 * to find their way back from, and in-app browsers block it, so checkout replaces the page: the
 * cart id lives in localStorage, and Back returns to the shop with the cart as it was.
 */
export function checkoutInPopup(): boolean {
  return window.matchMedia('(hover: hover) and (pointer: fine) and (min-width: 1024px)').matches;
}

// Inside every SDK frame, before its first paint: our self-hosted Montserrat.
const events = {
  beforeRender(this: SdkComponent) {
    addFontTo(this.view.iframe?.document);
  },
};

const CART_ICON =
  '<svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" ' +
  'stroke-linejoin="round" aria-hidden="true"><circle cx="9" cy="20" r="1.4"/><circle cx="18" cy="20" r="1.4"/>' +
  '<path d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2"/></svg>';

// The SDK's button template with the cart icon instead of the text (which becomes its name).
const ICON_BUTTON =
  '<div class="{{data.classes.product.buttonWrapper}}" data-element="product.buttonWrapper"><button type="button" ' +
  '{{#data.buttonDisabled}}disabled{{/data.buttonDisabled}} class="{{data.classes.product.button}} {{data.buttonClass}}" ' +
  `data-element="product.button" aria-label="{{data.buttonText}}">${CART_ICON}</button></div>`;

function look(setup: ShopSetup, variant: ButtonVariant) {
  const { colors, texts, productButton } = setup;
  switch (variant) {
    case 'homeMobile':
      return { colors: colors.homeMobile, height: LIMITS.homeButtonPx, label: texts.addToCart };
    case 'homeDesktop':
      return { colors: colors.homeDesktop, height: LIMITS.homeButtonPx, label: texts.addToCart };
    case 'add':
      return { colors: colors.product, height: productButton.heightPx, label: texts.addToCart };
    case 'buyNow':
      return { colors: colors.button, height: productButton.heightPx, label: texts.buyNow };
  }
}

/** `createComponent('product', …)` options for one button. */
export function productOptions(setup: ShopSetup, variant: ButtonVariant, popup: boolean): object {
  const { colors, height, label } = look(setup, variant);
  const { texts } = setup;
  return {
    product: {
      iframe: true,
      layout: 'vertical',
      width: '100%',
      buttonDestination: variant === 'buyNow' ? 'checkout' : 'cart',
      contents: { img: false, title: false, price: false, unitPrice: false, options: false, quantity: false, button: true },
      text: {
        button: label,
        outOfStock: texts.outOfStock,
        unavailable: texts.unavailable,
        regularPriceAccessibilityLabel: texts.regularPrice,
        salePriceAccessibilityLabel: texts.salePrice,
      },
      styles: productStyles(colors, height, variant === 'homeMobile'),
      ...(variant === 'homeMobile' ? { templates: { button: ICON_BUTTON } } : {}),
      events,
    },
    // Buy now reads `popup` from its own component, not from the shared cart.
    cart: { popup },
  };
}

// A cart line without an image would load the SDK's no-image.jpg from Shopify's CDN: ours instead
// (the frames are about:blank documents, which resolve a root-relative URL against our page).
const IMAGE = (url: string) =>
  `<div class="{{data.classes.lineItem.image}}" style="background-image: url(${url})" data-element="lineItem.image"></div>`;
const LINE_ITEM_IMAGE = `{{#data.variant.image}}${IMAGE('{{data.lineItemImage}}')}{{/data.variant.image}}{{^data.variant.image}}${IMAGE('/placeholder.svg')}{{/data.variant.image}}`;

/** `createComponent('cart', …)` options: the one cart of the app, its lines and its toggle. */
export function cartOptions(setup: ShopSetup, popup: boolean): object {
  const { texts } = setup;
  const styles = cartStyles(setup);
  return {
    cart: {
      popup,
      startOpen: false,
      text: {
        title: texts.cartTitle,
        empty: texts.cartEmpty,
        button: texts.checkout,
        total: texts.subtotal,
        notice: texts.notice,
        noteDescription: texts.noteDescription,
        closeAccessibilityLabel: texts.closeCart,
      },
      styles: styles.cart,
      events,
    },
    lineItem: {
      templates: { image: LINE_ITEM_IMAGE },
      text: {
        quantityInputAccessibilityLabel: texts.quantity,
        quantityDecrementAccessibilityLabel: texts.decrease,
        quantityIncrementAccessibilityLabel: texts.increase,
      },
      styles: styles.lineItem,
    },
    toggle: {
      sticky: setup.floatingToggle,
      text: { title: texts.cartTitle, iframeAccessibilityLabel: texts.cartTitle },
      styles: styles.toggle,
      events,
    },
  };
}
