import { type CurrencyCode, formatMoney } from './currencies.ts';

/**
 * The free-shipping promise (issue 18): 'Frete grátis acima de R$ 199' on the places the owner
 * turns on (the announcement bar at the top of every page, the product page). A display promise:
 * the Shopify checkout's shipping rates must honour it.
 */
export const FREE_SHIPPING_DEFAULTS = {
  free_shipping_enabled: false,
  free_shipping_threshold: '0.00',
  free_shipping_show_top: true,
  free_shipping_show_product: true,
} as const;
export type FreeShippingKey = keyof typeof FREE_SHIPPING_DEFAULTS;
export const FREE_SHIPPING_KEYS = Object.keys(FREE_SHIPPING_DEFAULTS) as FreeShippingKey[];
export type FreeShippingSettings = {
  free_shipping_enabled: boolean;
  free_shipping_threshold: string;
  free_shipping_show_top: boolean;
  free_shipping_show_product: boolean;
};

export const FREE_SHIPPING_MESSAGES = {
  threshold: 'Valor mínimo para frete grátis inválido: use um valor maior ou igual a zero com até 2 casas decimais (ex.: 199,00)',
  required: 'Informe um valor mínimo acima de zero para o frete grátis',
} as const;

/** The cross-field rule: a promise that is on names an amount above zero. */
export function freeShippingProblem(enabled: boolean, threshold: string): string | null {
  return enabled && !(Number(threshold) > 0) ? FREE_SHIPPING_MESSAGES.required : null;
}

/** The amount in the shop's format, without ',00' when whole: 'R$ 199', 'R$ 149,90'. */
export function thresholdText(threshold: string, currency: CurrencyCode): string {
  return formatMoney(threshold, currency).replace(/[,.]00$/, '');
}

/** Where the line shows, or null when the promise is off (or has no amount). */
export function freeShippingAt(s: FreeShippingSettings, place: 'top' | 'product'): string | null {
  if (!s.free_shipping_enabled || !(Number(s.free_shipping_threshold) > 0)) return null;
  const on = place === 'top' ? s.free_shipping_show_top : s.free_shipping_show_product;
  return on ? s.free_shipping_threshold : null;
}

/** True when this price alone reaches the threshold (centavos compared as integers). */
export function reachesThreshold(price: string, threshold: string): boolean {
  const cents = (v: string) => {
    const [i = '0', d = ''] = v.split('.');
    return BigInt(i) * 100n + BigInt(`${d}00`.slice(0, 2));
  };
  return cents(price) >= cents(threshold);
}
