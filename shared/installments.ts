/**
 * The Pix price and the installment plan a product page promises (issue 18), in exact integer
 * arithmetic: amounts are whole centavos (BigInt), percentages whole hundredths of a percent
 * (10% = 1000, 1,99% = 199). No float ever touches an amount. Pure and zod-free: the storefront
 * bundle imports it, and the server renders with it.
 */

/** The shop's payment display settings, as stored. */
export type PaymentTerms = {
  pix_discount_percent: number;
  installments_max: number;
  installments_interest_free: number;
  installments_min_value: string;
  installments_interest_rate: number;
};

/** One row of the plan: `count`x of `instalment` (the first; the last may differ), `total` paid. */
export type Installment = { count: number; instalment: string; last: string; total: string; interest: boolean };

const HUNDRED_PERCENT = 10_000n;

/** "79.90" (or "79.9", "79") to 7990n; anything that is not a plain non-negative amount to null. */
export function toCents(amount: string): bigint | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m?.[1]) return null;
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** 7990n to "79.90", the string form formatMoney takes. */
export function fromCents(cents: bigint): string {
  const s = cents.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** A percentage with up to 2 decimals (7.35) to whole hundredths (735n). */
const hundredths = (percent: number): bigint => BigInt(Math.round(percent * 100));

/** num / den rounded half-up (both positive). */
const halfUp = (num: bigint, den: bigint): bigint => (2n * num + den) / (2n * den);

/** The Pix price: price × (1 − pct), rounded half-up to the centavo; null when Pix has no discount. */
export function pixPrice(price: string, percent: number): string | null {
  const cents = toCents(price);
  const off = hundredths(percent);
  if (cents === null || off <= 0n) return null;
  return fromCents(halfUp(cents * (HUNDRED_PERCENT - off), HUNDRED_PERCENT));
}

/**
 * Interest-free: the total is the price; each instalment is floor(price / n) and the last one
 * absorbs the remainder (79,90 in 3x: 26,63 + 26,63 + 26,64), so the sum is exactly the price.
 */
function interestFree(cents: bigint, n: number): Installment {
  const each = cents / BigInt(n);
  const last = cents - each * BigInt(n - 1);
  return { count: n, instalment: fromCents(each), last: fromCents(last), total: fromCents(cents), interest: false };
}

/**
 * With a monthly rate i (r hundredths of a percent, i = r / 10000), the Price table (French
 * amortisation): PMT = P·i / (1 − (1+i)^−n) = P·r·A / (10000·(A − B)) with A = (10000+r)^n and
 * B = 10000^n, computed as an exact fraction and rounded half-up to the centavo once; every
 * instalment is that PMT and the total is PMT × n.
 */
function withInterest(cents: bigint, n: number, r: bigint): Installment {
  const a = (HUNDRED_PERCENT + r) ** BigInt(n);
  const b = HUNDRED_PERCENT ** BigInt(n);
  const pmt = halfUp(cents * r * a, HUNDRED_PERCENT * (a - b));
  const each = fromCents(pmt);
  return { count: n, instalment: each, last: each, total: fromCents(pmt * BigInt(n)), interest: true };
}

/**
 * Every count the shop offers for this price, 1x first. Counts up to the interest-free count (or
 * all, when the rate is 0) are interest-free; above it the Price table applies. The minimum
 * instalment value limits the count: the plan ends at the largest n whose (first) instalment is at
 * least the minimum; 1x is always offered. Empty when the price is not an amount.
 */
export function installmentPlan(price: string, terms: PaymentTerms): Installment[] {
  const cents = toCents(price);
  if (cents === null || cents === 0n) return [];
  const rate = hundredths(terms.installments_interest_rate);
  const min = toCents(terms.installments_min_value) ?? 0n;
  const rows: Installment[] = [];
  for (let n = 1; n <= Math.max(1, terms.installments_max); n++) {
    const row = n <= terms.installments_interest_free || rate === 0n ? interestFree(cents, n) : withInterest(cents, n, rate);
    rows.push(row);
  }
  let largest = 1;
  rows.forEach((row, i) => {
    if ((toCents(row.instalment) ?? 0n) >= min) largest = i + 1;
  });
  return rows.slice(0, largest);
}

/**
 * The card's line: the most interest-free instalments offered (2x or more), else null; the last
 * interest-free row of `installmentPlan`, without drawing the plan (a collection page has up to 72
 * cards). Instalments only fall as the count grows, interest-free ones (price / n) and the Price
 * table's alike, so: a plan that reaches the first count with interest keeps every interest-free
 * count, and one that stops before stops at the largest interest-free count whose instalment is at
 * least the minimum.
 */
export function bestInterestFree(price: string, terms: PaymentTerms): Installment | null {
  const cents = toCents(price);
  if (cents === null || cents === 0n) return null;
  const rate = hundredths(terms.installments_interest_rate);
  const max = Math.max(1, terms.installments_max);
  const free = rate === 0n ? max : Math.min(max, terms.installments_interest_free);
  if (free < 2) return null;
  const min = toCents(terms.installments_min_value) ?? 0n;
  if (free < max && (toCents(withInterest(cents, free + 1, rate).instalment) ?? 0n) >= min) return interestFree(cents, free);
  for (let n = free; n >= 2; n--) if (cents / BigInt(n) >= min) return interestFree(cents, n);
  return null;
}

/** "10" / "7,5": a percentage as the storefront writes it. */
export function percentText(percent: number): string {
  return String(Math.round(percent * 100) / 100).replace('.', ',');
}
