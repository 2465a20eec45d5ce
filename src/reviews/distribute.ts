import { webcrypto } from 'node:crypto';
import { LIMITS } from '../../shared/limits.ts';

/** A number in [0, 1). Injected so tests can seed it; the default is crypto-strong. */
export type Random = () => number;

export const cryptoRandom: Random = () => webcrypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

const randomInt = (random: Random, n: number) => Math.min(n - 1, Math.floor(random() * n));

/** Fisher-Yates, in place. */
export function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Whether every product can get the spec's 4 to 7 (spec §9): at least 4 distinct rows each. */
const enoughForEveryone = (products: number, rows: number) => rows >= LIMITS.reviewsPerProduct.min * products;

/**
 * The fewest and most reviews a product will get from `rows` distinct rows, as `counts` hands
 * them out: what the import's preview promises (preview.service.ts).
 */
export function reviewsPerProduct(products: number, rows: number): { min: number; max: number } {
  if (products === 0) return { min: 0, max: 0 };
  const { min, max } = LIMITS.reviewsPerProduct;
  // Every other product keeps its 4, so one product can have at most what is left of the rows.
  if (enoughForEveryone(products, rows)) return { min, max: Math.min(max, rows - min * (products - 1)) };
  const base = Math.floor(rows / products);
  return { min: base, max: base + (rows % products > 0 ? 1 : 0) };
}

/** How many reviews each product gets, before rows are handed out. */
function counts(products: number, rows: number, random: Random): number[] {
  const { min, max } = LIMITS.reviewsPerProduct;
  if (enoughForEveryone(products, rows)) {
    // Enough for everyone: each product draws 4..7; if the draws ask for more rows than exist,
    // random "extra" slots (those above 4) are dropped until they fit, so nobody falls under 4.
    const want = Array.from({ length: products }, () => min + randomInt(random, max - min + 1));
    const extras = shuffle(
      want.flatMap((n, p) => Array<number>(n - min).fill(p)),
      random,
    );
    const excess = Math.max(0, want.reduce((a, b) => a + b, 0) - rows);
    for (const p of extras.slice(0, excess)) want[p]!--;
    return want;
  }
  // Too few rows for 4 each. Fair here means equal shares: every row is used and no product
  // gets more than one review above another (floor or ceil of rows / products), the products
  // that get the extra one drawn at random. The 4-minimum cannot hold for everyone, and giving
  // some products 4 and others none would favour products for no reason.
  const base = Math.floor(rows / products);
  const lucky = new Set(shuffle([...Array(products).keys()], random).slice(0, rows % products));
  return Array.from({ length: products }, (_, p) => base + (lucky.has(p) ? 1 : 0));
}

/**
 * Which CSV rows (by index) each product receives: `plan[p]` lists product p's rows. Rows are
 * shuffled first and handed out in consecutive slices, so no row is ever given twice.
 */
export function planDistribution(products: number, rows: number, random: Random = cryptoRandom): number[][] {
  if (products === 0) return [];
  const order = shuffle([...Array(rows).keys()], random);
  let next = 0;
  return counts(products, rows, random).map((n) => {
    const slice = order.slice(next, next + n);
    next += n;
    return slice;
  });
}
