/** Currencies the shop can show prices in (spec §3). The symbol always goes before the amount. */
export const CURRENCIES = {
  BRL: { symbol: 'R$', name: 'Real brasileiro' },
  USD: { symbol: '$', name: 'US Dollar' },
  CAD: { symbol: 'C$', name: 'Canadian Dollar' },
  AUD: { symbol: 'A$', name: 'Australian Dollar' },
  NZD: { symbol: 'NZ$', name: 'New Zealand Dollar' },
  GBP: { symbol: '£', name: 'British Pound' },
  EUR: { symbol: '€', name: 'Euro' },
  MXN: { symbol: 'MX$', name: 'Peso mexicano' },
  JPY: { symbol: '¥', name: '日本円' },
} as const;

export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];
export const DEFAULT_CURRENCY: CurrencyCode = 'BRL';

/**
 * Formats a money amount the pt-BR way with the symbol first: "R$ 1.234,56" (spec §9).
 * Amounts travel as numeric strings ("1234.56") so no float ever rounds a price.
 */
export function formatMoney(amount: string | number, currency: CurrencyCode = DEFAULT_CURRENCY): string {
  const [intPart = '0', decPart = ''] = String(amount).split('.');
  const negative = intPart.startsWith('-');
  const digits: string = negative ? intPart.slice(1) : intPart;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const cents = `${decPart}00`.slice(0, 2);
  return `${negative ? '-' : ''}${CURRENCIES[currency].symbol} ${grouped},${cents}`;
}

/** Rounded discount percent, (old - price) / old x 100 (spec §9); null when there is no discount. */
export function discountPercent(price: string, oldPrice: string | null | undefined): number | null {
  if (!oldPrice) return null;
  const p = Number(price);
  const o = Number(oldPrice);
  if (!(o > 0) || !(p < o)) return null;
  return Math.round(((o - p) / o) * 100);
}
