import type { SettingsForm } from '../common/useSettingsForm.ts';

/** The settings the 'Configurações' section edits (spec §3 Site, Display, Shipping, View more, Lock and theme). */
export const SITE_KEYS = [
  'site_title',
  'site_description',
  'primary_color',
  'accent_color',
  'site_primary_color',
  'site_accent_color',
  'logo_url',
  'favicon_url',
  'show_discount_tag',
  'show_product_thumbnails',
  'product_thumbnail_size',
  'shipping_enabled',
  'shipping_min_days',
  'shipping_max_days',
  'shipping_bg_color',
  'shipping_text_color',
  'shipping_icon_color',
  'view_more_button_bg_color',
  'view_more_button_text_color',
  'store_locked',
  'goiano_theme_active',
] as const;

/** Besides the settings: the chosen logo and favicon files and a new unlock password. */
export const SITE_EXTRA = { logo: null as File | null, favicon: null as File | null, store_unlock_password: '' };

export type SiteForm = SettingsForm<(typeof SITE_KEYS)[number], typeof SITE_EXTRA>['form'];
