import type { Settings } from '../../../shared/settings.ts';

/** The header settings of spec §3 ("Header"), all edited by the 'Header' section. */
export const HEADER_KEYS = [
  'header_logo_position',
  'header_icons_position',
  'header_show_search',
  'header_show_cart',
  'header_show_menu',
  'header_bg_color',
  'header_text_color',
  'header_border_color',
  'header_mobile_search_position',
  'header_mobile_cart_position',
  'header_mobile_menu_position',
  'header_modal_bg_color',
  'header_modal_text_color',
  'header_fixed',
  'header_transparent_scroll',
] as const;

export type HeaderValues = Pick<Settings, (typeof HEADER_KEYS)[number]>;

/** The storefront's own colours where a setting says 'default' (client/storefront/layout). */
export const HEADER_THEME = { bg: '#ffffff', text: '#1d2433', border: '#e9ecef', modalBg: '#ffffff', modalText: '#1d2433' } as const;

/** A colour setting as the storefront applies it: 'default' or blank means the theme's. */
export const resolveColor = (value: string, fallback: string) => (value && value !== 'default' ? value : fallback);
