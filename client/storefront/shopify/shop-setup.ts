import type { Settings } from '../../../shared/settings.ts';
import { sdkMoneyFormat } from './money-format.ts';
import type { SdkTexts } from './sdk-texts.ts';

export type ColorPair = { bg: string; fg: string };

/**
 * Everything the Buy Button is built from, as plain data: the connection, the locale's texts and
 * money format, and the colours and sizes of spec §3 "Buy button". Two equal setups give the same
 * components; any difference (domain, token, locale, a colour...) recreates the connection or the
 * cart widget (spec §2 "Cart drawer", §4).
 */
export type ShopSetup = {
  domain: string;
  token: string;
  locale: string;
  moneyFormat: string;
  texts: SdkTexts;
  colors: Record<'button' | 'toggle' | 'cart' | 'homeMobile' | 'homeDesktop' | 'product' | 'checkout', ColorPair>;
  productButton: { widthPercent: number; heightPx: number };
  /** The SDK's own floating cart tab, shown only when the header has no cart button of its own. */
  floatingToggle: boolean;
};

type ShopSettings = Pick<Settings, 'shopify_domain' | 'shopify_token'>;

/** True when the (effective) settings name a shop: domain and public Storefront token. */
export function hasShop(settings: ShopSettings): boolean {
  return !!settings.shopify_domain.trim() && !!settings.shopify_token.trim();
}

/** The SDK's product reference for our `shopify_product_id`: a number or a Product gid; else null. */
export function productRef(shopifyProductId: string): { id: string } | { storefrontId: string } | null {
  const v = shopifyProductId.trim();
  if (/^\d+$/.test(v)) return { id: v };
  if (/^gid:\/\/shopify\/Product\/\d+$/.test(v)) return { storefrontId: v };
  return null;
}

/** True when this product gets a real buy button: a shop is configured and the id is usable. */
export function isBuyable(settings: ShopSettings, shopifyProductId: string): boolean {
  return hasShop(settings) && productRef(shopifyProductId) !== null;
}

// Colours are free text (spec §5) and the SDK writes them into CSS unescaped: keep only colour
// syntax, so no value can end a declaration; anything else (or 'default') falls back to the spec's
// colours (§9: buy button #C8461A / #FFFFFF (the spec's #FF6B35 darkened to 4.8:1, see README), cart #FFFFFF / #000000). The settings API already
// answers those defaults for unset fields; this only guards against a value that is not a colour.
// (Not SETTINGS_DEFAULTS: importing values from shared/settings.ts would ship zod to shoppers.)
const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9\s.,%/-]+\))$/i;
const BUY: ColorPair = { bg: '#C8461A', fg: '#FFFFFF' };
const CART: ColorPair = { bg: '#FFFFFF', fg: '#000000' };
type ColorKey = { [K in keyof Settings]: K extends `shopify_${string}_color` ? K : never }[keyof Settings];
function color(settings: Settings, key: ColorKey, fallback: string): string {
  const v = String(settings[key] ?? '').trim();
  return COLOR.test(v) && v !== 'default' ? v : fallback;
}
const pair = (s: Settings, bg: ColorKey, fg: ColorKey, fallback = BUY): ColorPair => ({
  bg: color(s, bg, fallback.bg),
  fg: color(s, fg, fallback.fg),
});

/** The setup for a configured shop, or null when no shop is configured. */
export function shopSetupOf(settings: Settings, texts: SdkTexts): ShopSetup | null {
  if (!hasShop(settings)) return null;
  return {
    domain: settings.shopify_domain.trim(),
    token: settings.shopify_token.trim(),
    locale: settings.locale,
    moneyFormat: sdkMoneyFormat(settings.currency),
    texts,
    colors: {
      button: pair(settings, 'shopify_button_color', 'shopify_button_text_color'),
      toggle: pair(settings, 'shopify_toggle_bg_color', 'shopify_toggle_text_color'),
      cart: pair(settings, 'shopify_cart_bg_color', 'shopify_cart_text_color', CART),
      homeMobile: pair(settings, 'shopify_home_mobile_bg_color', 'shopify_home_mobile_text_color'),
      homeDesktop: pair(settings, 'shopify_home_desktop_bg_color', 'shopify_home_desktop_text_color'),
      product: pair(settings, 'shopify_product_bg_color', 'shopify_product_text_color'),
      checkout: pair(settings, 'shopify_checkout_bg_color', 'shopify_checkout_text_color'),
    },
    productButton: { widthPercent: settings.product_button_width_percent, heightPx: settings.product_button_height_px },
    floatingToggle: !settings.header_show_cart,
  };
}

/** Identity of a setup: equal keys, equal components. */
export const shopKey = (setup: ShopSetup | null): string => (setup ? JSON.stringify(setup) : '');
