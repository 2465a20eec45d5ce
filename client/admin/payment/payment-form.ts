import type { PaymentTerms } from '../../../shared/installments.ts';

/** The settings 'Pagamento e parcelamento' edits (issue 18): what the storefront promises for Pix and installments. */
export const PAYMENT_KEYS = [
  'pix_discount_percent',
  'installments_max',
  'installments_interest_free',
  'installments_min_value',
  'installments_interest_rate',
] as const;

const decimal = (v: unknown): number => (typeof v === 'number' ? v : Number(String(v ?? '').replace(',', '.')));

/**
 * The form's values as the preview computes with them, or null while one is not a number yet
 * (the owner is typing). The server's rules still decide what is saved.
 */
export function termsOf(values: Record<(typeof PAYMENT_KEYS)[number], unknown>): PaymentTerms | null {
  const terms = {
    pix_discount_percent: decimal(values.pix_discount_percent),
    installments_max: decimal(values.installments_max),
    installments_interest_free: decimal(values.installments_interest_free),
    installments_min_value: String(values.installments_min_value ?? '').replace(',', '.'),
    installments_interest_rate: decimal(values.installments_interest_rate),
  };
  const numbers = [terms.pix_discount_percent, terms.installments_max, terms.installments_interest_free, terms.installments_interest_rate];
  return numbers.every(Number.isFinite) ? terms : null;
}
