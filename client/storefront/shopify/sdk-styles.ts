import { LIMITS } from '../../../shared/limits.ts';
import { BUTTON_FONT } from './sdk-font.ts';
import type { ColorPair, ShopSetup } from './shop-setup.ts';

/**
 * The SDK's `styles` objects (CSS declarations keyed by its class keys, pseudo-classes nested),
 * written inside each component's iframe. Every colour of spec §3 "Buy button" lands here:
 *   button (shopify_button_*)      -> 'Comprar Agora' on the product page
 *   product (shopify_product_*)    -> 'Adicionar ao Carrinho' on the product page
 *   homeMobile / homeDesktop       -> the card's round icon button / the text button on hover
 *   checkout (shopify_checkout_*)  -> the cart drawer's checkout button
 *   cart (shopify_cart_*)          -> the drawer's background and texts
 *   toggle (shopify_toggle_*)      -> the SDK's floating cart tab (when it is shown)
 */
type Css = { [key: string]: string | Css };

const px = (n: number) => `${n}px`;

/** A filled button: Montserrat 16 px, radius 8 px (spec §9), hover about 10% darker. */
export function buttonStyle({ bg, fg }: ColorPair, heightPx: number, extra: Css = {}): Css {
  return {
    'font-family': BUTTON_FONT,
    'font-size': px(LIMITS.buyButtonFontPx),
    'font-weight': '600',
    'letter-spacing': '0',
    'border-radius': px(LIMITS.buyButtonRadiusPx),
    'background-color': bg,
    color: fg,
    width: '100%',
    height: px(heightPx),
    margin: '0',
    padding: '0 16px',
    'white-space': 'nowrap',
    ':hover': { 'background-color': bg, color: fg, filter: 'brightness(0.9)' },
    ':focus': { 'background-color': bg, color: fg },
    // The frame clips anything outside the button: the focus ring goes inside, in the text colour.
    ':focus-visible': { outline: `2px solid ${fg}`, 'outline-offset': '-5px' },
    ...extra,
  };
}

/** Product component: just the button, flush with the frame so the frame is the button's size. */
export function productStyles(colors: ColorPair, heightPx: number, round: boolean): Css {
  const shape: Css = round
    ? { width: px(heightPx), padding: '0', 'border-radius': '50%', display: 'flex', 'align-items': 'center', 'justify-content': 'center' }
    : {};
  return {
    product: { margin: '0', 'text-align': 'center' },
    buttonWrapper: { margin: '0' },
    button: buttonStyle(colors, heightPx, shape),
  };
}

/** Cart drawer, its lines and (when visible) the floating toggle. */
export function cartStyles(setup: ShopSetup): { cart: Css; lineItem: Css; toggle: Css } {
  const { cart, checkout, toggle } = setup.colors;
  const text: Css = { color: cart.fg, 'font-family': BUTTON_FONT };
  const control: Css = { color: cart.fg, 'border-color': cart.fg, 'background-color': cart.bg, 'font-family': BUTTON_FONT };
  return {
    cart: {
      cart: { 'background-color': cart.bg, color: cart.fg, 'font-family': BUTTON_FONT },
      header: { 'background-color': cart.bg },
      title: { ...text, 'font-size': '18px', 'font-weight': '700' },
      close: {
        color: cart.fg,
        ':hover': { color: cart.fg },
        ':focus-visible': { outline: `2px solid ${cart.fg}`, 'outline-offset': '-2px', 'border-radius': '6px' },
      },
      footer: { 'background-color': cart.bg },
      empty: { ...text, 'font-size': '15px' },
      subtotalText: { ...text, 'font-size': '13px', 'font-weight': '600' },
      subtotal: { ...text, 'font-size': '16px', 'font-weight': '700' },
      notice: { ...text, 'font-size': '12px' },
      button: buttonStyle(checkout, 48, { 'margin-top': '15px' }),
    },
    lineItem: {
      itemTitle: { ...text, 'font-size': '14px', 'font-weight': '600' },
      variantTitle: text,
      price: { ...text, 'font-size': '14px' },
      fullPrice: text,
      quantityInput: control,
      quantityIncrement: control,
      quantityDecrement: control,
    },
    toggle: {
      toggle: {
        'background-color': toggle.bg,
        'border-radius': `${px(LIMITS.buyButtonRadiusPx)} 0 0 ${px(LIMITS.buyButtonRadiusPx)}`,
        ':hover': { 'background-color': toggle.bg, filter: 'brightness(0.9)' },
        ':focus': { 'background-color': toggle.bg },
      },
      count: { color: toggle.fg, 'font-family': BUTTON_FONT, 'font-size': px(LIMITS.buyButtonFontPx), 'font-weight': '700' },
      iconPath: { fill: toggle.fg },
    },
  };
}
