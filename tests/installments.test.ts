import { describe, expect, it } from 'vitest';
import { bestInterestFree, fromCents, installmentPlan, type PaymentTerms, percentText, pixPrice, toCents } from '../shared/installments.ts';

const terms = (t: Partial<PaymentTerms>): PaymentTerms => ({
  pix_discount_percent: 0,
  installments_max: 1,
  installments_interest_free: 1,
  installments_min_value: '0.00',
  installments_interest_rate: 0,
  ...t,
});

describe('Pix price: price × (1 − pct), half-up to the centavo', () => {
  it.each([
    ['79.90', 10, '71.91'],
    ['0.05', 10, '0.05'], // 0,045 rounds up
    ['0.15', 50, '0.08'], // exactly half a centavo (0,075) rounds up
    ['19.99', 7.5, '18.49'], // 18,49075
    ['10.01', 15, '8.51'], // 8,5085
    ['100', 7.35, '92.65'],
    ['9999999999.99', 50, '5000000000.00'], // 4.999.999.999,995 half-up; no float overflow
    ['0.00', 10, '0.00'],
  ])('%s with %s%% off is %s', (price, pct, expected) => {
    expect(pixPrice(price, pct)).toBe(expected);
  });

  it('is off at 0% and for a value that is not an amount', () => {
    expect(pixPrice('79.90', 0)).toBeNull();
    expect(pixPrice('abc', 10)).toBeNull();
  });
});

describe('installments', () => {
  it('splits interest-free counts with floor and lets the last instalment absorb the remainder', () => {
    const plan = installmentPlan('79.90', terms({ installments_max: 3, installments_interest_free: 3 }));
    expect(plan).toEqual([
      { count: 1, instalment: '79.90', last: '79.90', total: '79.90', interest: false },
      { count: 2, instalment: '39.95', last: '39.95', total: '79.90', interest: false },
      { count: 3, instalment: '26.63', last: '26.64', total: '79.90', interest: false },
    ]);
    const hundred = installmentPlan('100.00', terms({ installments_max: 3, installments_interest_free: 3 }))[2];
    expect(hundred).toMatchObject({ instalment: '33.33', last: '33.34', total: '100.00' });
  });

  it('ends the plan at the largest count whose instalment reaches the minimum', () => {
    // 79,90 / 7 = 11,41 ≥ 10; / 8 = 9,98 < 10
    const plan = installmentPlan('79.90', terms({ installments_max: 12, installments_interest_free: 12, installments_min_value: '10.00' }));
    expect(plan.map((r) => r.count)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Exactly the minimum is allowed: 30,00 / 3 = 10,00.
    const exact = installmentPlan('30.00', terms({ installments_max: 6, installments_interest_free: 6, installments_min_value: '10.00' }));
    expect(exact.map((r) => r.count)).toEqual([1, 2, 3]);
  });

  it('always offers 1x, even when the price is below the minimum instalment', () => {
    const plan = installmentPlan('5.00', terms({ installments_max: 12, installments_interest_free: 3, installments_min_value: '10.00' }));
    expect(plan).toEqual([{ count: 1, instalment: '5.00', last: '5.00', total: '5.00', interest: false }]);
  });

  it.each([
    // price, monthly %, n, PMT (half-up of the exact Price-table value), total = PMT × n
    ['1000.00', 1.99, 12, '94.50', '1134.00'], // 94,5015…
    ['79.90', 2.99, 4, '21.49', '85.96'], // 21,4901…
    ['79.90', 2.99, 6, '14.74', '88.44'], // 14,7444…
    ['500.00', 1, 2, '253.76', '507.52'], // 253,7562…
  ])('compounds %s at %s%% a month over %sx by the Price table: %s each, %s in all', (price, rate, n, pmt, total) => {
    const plan = installmentPlan(price, terms({ installments_max: n, installments_interest_free: 1, installments_interest_rate: rate }));
    expect(plan.at(-1)).toEqual({ count: n, instalment: pmt, last: pmt, total, interest: true });
    expect(plan[0]).toMatchObject({ count: 1, total: price, interest: false });
  });

  it('applies the rate only above the interest-free count, and treats a 0% rate as interest-free', () => {
    const plan = installmentPlan('300.00', terms({ installments_max: 4, installments_interest_free: 3, installments_interest_rate: 2 }));
    expect(plan.map((r) => r.interest)).toEqual([false, false, false, true]);
    const free = installmentPlan('300.00', terms({ installments_max: 4, installments_interest_free: 1, installments_interest_rate: 0 }));
    expect(free.map((r) => [r.interest, r.total])).toEqual([
      [false, '300.00'],
      [false, '300.00'],
      [false, '300.00'],
      [false, '300.00'],
    ]);
  });

  it('limits interest-bearing counts by the minimum too', () => {
    // 100 at 5%: 3x = 36,72; 4x = 28,20; 5x = 23,10 < 25
    const plan = installmentPlan(
      '100.00',
      terms({ installments_max: 6, installments_interest_free: 2, installments_interest_rate: 5, installments_min_value: '25.00' }),
    );
    expect(plan.map((r) => [r.count, r.instalment])).toEqual([
      [1, '100.00'],
      [2, '50.00'],
      [3, '36.72'],
      [4, '28.20'],
    ]);
  });

  it('gives the card the most interest-free instalments, and nothing when only 1x is interest-free', () => {
    expect(
      bestInterestFree('79.90', terms({ installments_max: 6, installments_interest_free: 3, installments_interest_rate: 2 })),
    ).toMatchObject({
      count: 3,
      instalment: '26.63',
    });
    expect(
      bestInterestFree('79.90', terms({ installments_max: 6, installments_interest_free: 1, installments_interest_rate: 2 })),
    ).toBeNull();
    expect(bestInterestFree('79.90', terms({ installments_max: 1 }))).toBeNull();
  });
});

describe('helpers', () => {
  it('converts amounts to centavos and back exactly', () => {
    expect(toCents('79.9')).toBe(7990n);
    expect(toCents('-1')).toBeNull();
    expect(fromCents(5n)).toBe('0.05');
    expect(fromCents(123456789n)).toBe('1234567.89');
  });

  it('writes percentages with a decimal comma', () => {
    expect(percentText(10)).toBe('10');
    expect(percentText(7.5)).toBe('7,5');
    expect(percentText(1.99)).toBe('1,99');
  });
});

describe('bestInterestFree is the last interest-free row of the plan', () => {
  it('agrees with installmentPlan over prices, counts, rates and minimums, edge cases included', () => {
    // A fixed pseudo-random sequence (no flakiness), with the boundaries written out.
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const prices = ['0.01', '0.99', '1.00', '5.00', '26.63', '79.90', '100.00', '999.99', '12345.67', '0', '0.00'];
    const minimums = ['0', '0.01', '5.00', '10.00', '26.63', '26.64', '50.00', '1000.00', ''];
    let compared = 0;
    for (let i = 0; i < 4000; i++) {
      const price = i < prices.length * 4 ? (prices[i % prices.length] as string) : fromCents(BigInt(rand(2_000_000)));
      const t = terms({
        installments_max: rand(25),
        installments_interest_free: rand(25),
        installments_interest_rate: [0, 0.01, 1.99, 2, 9.99, 50, 300][rand(7)] as number,
        installments_min_value: minimums[rand(minimums.length)] as string,
      });
      const fromPlan =
        installmentPlan(price, t)
          .filter((row) => !row.interest && row.count > 1)
          .at(-1) ?? null;
      expect(bestInterestFree(price, t), `${price} ${JSON.stringify(t)}`).toEqual(fromPlan);
      compared++;
    }
    expect(compared).toBe(4000);
  });
});
