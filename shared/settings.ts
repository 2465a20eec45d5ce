import { z } from 'zod';
import { DEFAULT_TIME_ZONE, DEFAULT_WEEK_HOURS } from './business-hours.ts';
import { CURRENCY_CODES } from './currencies.ts';
import { FREE_SHIPPING_DEFAULTS } from './free-shipping-settings.ts';
import { LEGAL_DEFAULTS } from './legal-info.ts';
import { ZLegalSettings } from './legal-input.ts';
import { LIMITS } from './limits.ts';
import { LOCALES } from './locales.ts';

/**
 * The settings record of spec §3 with the defaults of spec §9, as the storefront reads it.
 * The unlock password never appears here: it is stored hashed and no read returns it.
 * The database migration holds the same defaults (a test keeps the two in step).
 */
export const SETTINGS_DEFAULTS = {
  site_title: 'Minha Loja',
  site_description: 'Sua loja online',
  primary_color: '#003e64',
  accent_color: '#00385a',
  site_primary_color: '#003e64',
  site_accent_color: '#00385a',
  logo_url: '',
  favicon_url: '',
  currency: 'BRL',
  locale: 'pt-BR',
  admin_theme: 'light',
  shopify_domain: '',
  shopify_token: '',
  show_discount_tag: true,
  show_product_thumbnails: true,
  product_thumbnail_size: LIMITS.thumbnailSize.default,
  store_locked: false,
  goiano_theme_active: false,
  shipping_enabled: true,
  shipping_min_days: LIMITS.shippingMinDays.default,
  shipping_max_days: LIMITS.shippingMaxDays.default,
  shipping_bg_color: '#E8F5E9',
  shipping_text_color: '#2E7D32',
  shipping_icon_color: '#4CAF50',
  view_more_button_bg_color: '#2A4F6E',
  view_more_button_text_color: '#FFFFFF',
  header_logo_position: 'left',
  header_icons_position: 'right',
  header_show_search: true,
  header_show_cart: true,
  header_show_menu: true,
  header_bg_color: 'default',
  header_text_color: 'default',
  header_border_color: 'default',
  header_mobile_search_position: 'right',
  header_mobile_cart_position: 'right',
  header_mobile_menu_position: 'left',
  header_modal_bg_color: 'default',
  header_modal_text_color: 'default',
  header_fixed: true,
  header_transparent_scroll: true,
  footer_bg_color: '#1a1a1a',
  footer_text_color: '#ffffff',
  footer_use_image: false,
  footer_show_logo: true,
  footer_image_url: '',
  copyright_text: '',
  payment_icon_size: LIMITS.paymentIconSize.default,
  shopify_button_color: '#C8461A',
  shopify_button_text_color: '#FFFFFF',
  shopify_toggle_bg_color: '#C8461A',
  shopify_toggle_text_color: '#ffffff',
  shopify_cart_bg_color: '#FFFFFF',
  shopify_cart_text_color: '#000000',
  shopify_home_mobile_bg_color: '#C8461A',
  shopify_home_mobile_text_color: '#FFFFFF',
  shopify_home_desktop_bg_color: '#C8461A',
  shopify_home_desktop_text_color: '#FFFFFF',
  shopify_product_bg_color: '#C8461A',
  shopify_product_text_color: '#FFFFFF',
  shopify_checkout_bg_color: '#C8461A',
  shopify_checkout_text_color: '#ffffff',
  product_button_width_percent: LIMITS.productButtonWidth.default,
  product_button_height_px: LIMITS.productButtonHeight.default,
  pix_discount_percent: LIMITS.pixDiscountPercent.default,
  installments_max: LIMITS.installments.default,
  installments_interest_free: LIMITS.installments.default,
  installments_min_value: '0.00',
  installments_interest_rate: LIMITS.installmentsInterestRate.default,
  // WhatsApp (issue 18): '' = no WhatsApp; hours off = no set hours.
  whatsapp_number: '',
  whatsapp_message: '',
  whatsapp_hours_enabled: false,
  whatsapp_hours: DEFAULT_WEEK_HOURS,
  time_zone: DEFAULT_TIME_ZONE,
  ga4_measurement_id: '',
  meta_pixel_id: '',
  tiktok_pixel_id: '',
  // The law's information and the free-shipping promise (issue 18 part 3).
  ...LEGAL_DEFAULTS,
  ...FREE_SHIPPING_DEFAULTS,
} as const;

const color = z.string().max(64);
const side = z.enum(['left', 'right']);

/** Every setting as the server returns it (no unlock password). */
/** The longest shop name the settings take. */
export const SITE_TITLE_MAX = 200;

export const ZSettings = z.object({
  site_title: z.string().max(SITE_TITLE_MAX),
  site_description: z.string().max(1000),
  primary_color: color,
  accent_color: color,
  site_primary_color: color,
  site_accent_color: color,
  logo_url: z.string(),
  favicon_url: z.string(),
  currency: z.enum(CURRENCY_CODES as [string, ...string[]]),
  locale: z.enum(LOCALES),
  admin_theme: z.enum(['dark', 'light']),
  shopify_domain: z.string().max(255),
  shopify_token: z.string().max(255),
  show_discount_tag: z.boolean(),
  show_product_thumbnails: z.boolean(),
  product_thumbnail_size: z.number().int(),
  store_locked: z.boolean(),
  goiano_theme_active: z.boolean(),
  shipping_enabled: z.boolean(),
  shipping_min_days: z.number().int(),
  shipping_max_days: z.number().int(),
  shipping_bg_color: color,
  shipping_text_color: color,
  shipping_icon_color: color,
  view_more_button_bg_color: color,
  view_more_button_text_color: color,
  header_logo_position: z.enum(['left', 'center', 'right']),
  header_icons_position: side,
  header_show_search: z.boolean(),
  header_show_cart: z.boolean(),
  header_show_menu: z.boolean(),
  header_bg_color: color,
  header_text_color: color,
  header_border_color: color,
  header_mobile_search_position: side,
  header_mobile_cart_position: side,
  header_mobile_menu_position: side,
  header_modal_bg_color: color,
  header_modal_text_color: color,
  header_fixed: z.boolean(),
  header_transparent_scroll: z.boolean(),
  footer_bg_color: color,
  footer_text_color: color,
  footer_use_image: z.boolean(),
  footer_show_logo: z.boolean(),
  footer_image_url: z.string(),
  copyright_text: z.string().max(500),
  payment_icon_size: z.number().int(),
  shopify_button_color: color,
  shopify_button_text_color: color,
  shopify_toggle_bg_color: color,
  shopify_toggle_text_color: color,
  shopify_cart_bg_color: color,
  shopify_cart_text_color: color,
  shopify_home_mobile_bg_color: color,
  shopify_home_mobile_text_color: color,
  shopify_home_desktop_bg_color: color,
  shopify_home_desktop_text_color: color,
  shopify_product_bg_color: color,
  shopify_product_text_color: color,
  shopify_checkout_bg_color: color,
  shopify_checkout_text_color: color,
  product_button_width_percent: z.number().int(),
  product_button_height_px: z.number().int(),
  /** Pix and installments as display promises (issue 18); shared/installments.ts computes with them. */
  pix_discount_percent: z.number(),
  installments_max: z.number().int(),
  installments_interest_free: z.number().int(),
  installments_min_value: z.string(),
  installments_interest_rate: z.number(),
  /** WhatsApp (issue 18): E.164 number ('' = off), default message, hours (Sunday first) in `time_zone`. */
  whatsapp_number: z.string(),
  whatsapp_message: z.string(),
  whatsapp_hours_enabled: z.boolean(),
  whatsapp_hours: z.array(z.object({ open: z.boolean(), from: z.string(), to: z.string() })),
  time_zone: z.string(),
  /** Analytics and ads tags (issue 18), '' when unused: loaded only after consent (shared/tracking-tags.ts). */
  ga4_measurement_id: z.string(),
  meta_pixel_id: z.string(),
  tiktok_pixel_id: z.string(),
  /** The law's information (shared/legal-info.ts) and the free-shipping promise (shared/free-shipping.ts), issue 18 part 3. */
  ...ZLegalSettings,
  free_shipping_enabled: z.boolean(),
  free_shipping_threshold: z.string(),
  free_shipping_show_top: z.boolean(),
  free_shipping_show_product: z.boolean(),
});
export type Settings = z.infer<typeof ZSettings>;
export type SettingsKey = keyof Settings;
export const SETTINGS_KEYS = Object.keys(ZSettings.shape) as SettingsKey[];

/**
 * A Shopify shop's host name as the Buy Button wants it: `loja.myshopify.com`, from whatever an
 * owner pastes (`https://Loja.myshopify.com/admin` works too).
 */
export function normalizeShopDomain(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '');
}

/** A host name such as `loja.myshopify.com` (at least two labels, letters, digits and hyphens). */
export const SHOP_DOMAIN_PATTERN = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

/** What a visitor of a locked store may see: enough to draw the lock screen. */
export const ZLockedSettings = ZSettings.pick({ site_title: true, logo_url: true, favicon_url: true, locale: true });
