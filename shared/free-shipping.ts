import { type CurrencyCode, formatMoney } from './currencies.ts';
import type { FreeShippingSettings } from './free-shipping-settings.ts';

/**
 * The free-shipping promise (issue 18): 'Frete grátis acima de R$ 199' on the places the owner
 * turns on (the announcement bar at the top of every page, the product page). A display promise:
 * the Shopify checkout's shipping rates must honour it.
 */
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
