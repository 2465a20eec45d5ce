import type { Settings } from '../../../shared/settings.ts';

/**
 * The colour pairs of 'Customização Shopify' (spec §2), each a background and a text/icon colour.
 * 'buy_now' edits the spec's generic buy-button colours (§3 shopify_button_color), which the
 * storefront uses for 'Comprar Agora'; without it that button's colours could not be changed.
 */
export const SHOPIFY_PAIRS = [
  { id: 'home_mobile', bg: 'shopify_home_mobile_bg_color', text: 'shopify_home_mobile_text_color' },
  { id: 'home_desktop', bg: 'shopify_home_desktop_bg_color', text: 'shopify_home_desktop_text_color' },
  { id: 'product', bg: 'shopify_product_bg_color', text: 'shopify_product_text_color' },
  { id: 'buy_now', bg: 'shopify_button_color', text: 'shopify_button_text_color' },
  { id: 'checkout', bg: 'shopify_checkout_bg_color', text: 'shopify_checkout_text_color' },
  { id: 'toggle', bg: 'shopify_toggle_bg_color', text: 'shopify_toggle_text_color' },
  { id: 'cart', bg: 'shopify_cart_bg_color', text: 'shopify_cart_text_color' },
] as const;
export type ShopifyPairId = (typeof SHOPIFY_PAIRS)[number]['id'];

export const SHOPIFY_KEYS = [
  'shopify_domain',
  'shopify_token',
  ...SHOPIFY_PAIRS.flatMap((p) => [p.bg, p.text] as const),
  'product_button_width_percent',
  'product_button_height_px',
] as const;

export type ShopifyValues = Pick<Settings, (typeof SHOPIFY_KEYS)[number]>;
