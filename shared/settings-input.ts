import { z } from 'zod';
import { zBool, zIntInRange } from './coerce.ts';
import { CURRENCY_CODES } from './currencies.ts';
import { MESSAGES } from './errors.ts';
import { LIMITS } from './limits.ts';
import { LOCALES } from './locales.ts';
import { SETTINGS_DEFAULTS, ZSettings } from './settings.ts';

const color = z.string().trim().max(64);
const side = z.enum(['left', 'right']);
const L = LIMITS;
const D = SETTINGS_DEFAULTS;

/**
 * What an admin may send to change settings: every field optional, unknown fields dropped,
 * booleans and numbers in their legacy forms. Ranges of spec §5 are enforced here.
 */
export const ZSettingsUpdate = z
  .object({
    site_title: z.string().trim().max(200),
    site_description: z.string().trim().max(1000),
    primary_color: color,
    accent_color: color,
    site_primary_color: color,
    site_accent_color: color,
    logo_url: z.string().max(2000),
    favicon_url: z.string().max(2000),
    currency: z.enum(CURRENCY_CODES as [string, ...string[]], { error: MESSAGES.invalidCurrency }),
    locale: z.enum(LOCALES, { error: MESSAGES.invalidLocale }),
    admin_theme: z.enum(['dark', 'light']),
    shopify_domain: z.string().trim().max(255),
    shopify_token: z.string().trim().max(255),
    show_discount_tag: zBool,
    show_product_thumbnails: zBool,
    product_thumbnail_size: zIntInRange(L.thumbnailSize.min, L.thumbnailSize.max, D.product_thumbnail_size),
    store_locked: zBool,
    /** Plain text in; stored only as an argon2id hash. Empty keeps the current password. */
    store_unlock_password: z.string().max(200),
    goiano_theme_active: zBool,
    shipping_enabled: zBool,
    shipping_min_days: zIntInRange(L.shippingMinDays.min, L.shippingMinDays.max, D.shipping_min_days),
    shipping_max_days: zIntInRange(L.shippingMaxDays.min, L.shippingMaxDays.max, D.shipping_max_days),
    shipping_bg_color: color,
    shipping_text_color: color,
    shipping_icon_color: color,
    view_more_button_bg_color: color,
    view_more_button_text_color: color,
    header_logo_position: z.enum(['left', 'center', 'right']),
    header_icons_position: side,
    header_show_search: zBool,
    header_show_cart: zBool,
    header_show_menu: zBool,
    header_bg_color: color,
    header_text_color: color,
    header_border_color: color,
    header_mobile_search_position: side,
    header_mobile_cart_position: side,
    header_mobile_menu_position: side,
    header_modal_bg_color: color,
    header_modal_text_color: color,
    header_fixed: zBool,
    header_transparent_scroll: zBool,
    footer_bg_color: color,
    footer_text_color: color,
    footer_use_image: zBool,
    footer_show_logo: zBool,
    footer_image_url: z.string().max(2000),
    copyright_text: z.string().trim().max(500),
    payment_icon_size: zIntInRange(L.paymentIconSize.min, L.paymentIconSize.max, D.payment_icon_size),
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
    product_button_width_percent: zIntInRange(L.productButtonWidth.min, L.productButtonWidth.max, D.product_button_width_percent),
    product_button_height_px: zIntInRange(L.productButtonHeight.min, L.productButtonHeight.max, D.product_button_height_px),
  })
  .partial();
export type SettingsUpdate = z.infer<typeof ZSettingsUpdate>;

/** Settings fields an admin reads besides the public ones. */
export const ZAdminSettings = ZSettings.extend({ store_unlock_password_set: z.boolean() });
export type AdminSettings = z.infer<typeof ZAdminSettings>;
