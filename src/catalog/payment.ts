import type { PaymentOptions, PaymentSummary, ProductDto } from '../../shared/catalog.ts';
import { bestInterestFree, installmentPlan, type PaymentTerms, percentText, pixPrice } from '../../shared/installments.ts';
import type { AppContext } from '../context.ts';
import { readSettings } from '../settings/settings.repo.ts';

/**
 * The shop's payment promises (issue 18) for the storefront's products, computed here in exact
 * centavos (shared/installments.ts) and sent as data: the shopper's browser renders them and never
 * downloads the arithmetic. A settings change drops every cached answer (server/public-cache), so
 * no stale promise is served.
 */
async function paymentTerms(ctx: AppContext): Promise<PaymentTerms> {
  const row = await readSettings(ctx);
  return {
    pix_discount_percent: row.pix_discount_percent,
    installments_max: row.installments_max,
    installments_interest_free: row.installments_interest_free,
    installments_min_value: row.installments_min_value,
    installments_interest_rate: row.installments_interest_rate,
  };
}

export function paymentSummary(price: string, terms: PaymentTerms): PaymentSummary {
  const best = bestInterestFree(price, terms);
  return { pix: pixPrice(price, terms.pix_discount_percent), installments: best && { count: best.count, instalment: best.instalment } };
}

export function paymentOptions(price: string, terms: PaymentTerms): PaymentOptions {
  return {
    pix: pixPrice(price, terms.pix_discount_percent),
    percent: percentText(terms.pix_discount_percent),
    plan: installmentPlan(price, terms).map(({ count, instalment, total, interest }) => ({ count, instalment, total, interest })),
  };
}

/** The products with each card's promises (`payment`). */
export async function withPayments<T extends { price: string }>(ctx: AppContext, products: T[]): Promise<T[]> {
  if (products.length === 0) return products;
  const terms = await paymentTerms(ctx);
  return products.map((p) => ({ ...p, payment: paymentSummary(p.price, terms) }));
}

/** A product with the product page's promises (`payment_options`). */
export async function withPaymentOptions(ctx: AppContext, product: ProductDto): Promise<ProductDto> {
  return { ...product, payment_options: paymentOptions(product.price, await paymentTerms(ctx)) };
}
