import { CURRENCIES, type CurrencyCode, DEFAULT_CURRENCY } from '../../../shared/currencies.ts';

/**
 * The Buy Button's money format for the shop's currency, written so the SDK prints prices exactly
 * as the rest of the storefront does (shared `formatMoney`, spec §9: symbol first, pt-BR separators,
 * "R$ 1.234,56"). Never the SDK's default `${{amount}}`. The SDK passes the format through
 * decodeURIComponent, so it travels encoded (a symbol can never be misread as an escape).
 */
export function sdkMoneyFormat(currency: string): string {
  const code = (currency in CURRENCIES ? currency : DEFAULT_CURRENCY) as CurrencyCode;
  return encodeURIComponent(`${CURRENCIES[code].symbol} {{amount_with_comma_separator}}`);
}
