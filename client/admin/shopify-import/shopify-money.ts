import { CURRENCIES, type CurrencyCode, formatMoney } from '../../../shared/currencies.ts';

/** A Shopify amount in the shop's words when we know its currency ("R$ 49,90"), else "49.90 XYZ". */
export function shopifyMoney(amount: string, currency: string | null): string {
  return currency && currency in CURRENCIES ? formatMoney(amount, currency as CurrencyCode) : `${amount} ${currency ?? ''}`.trim();
}
