import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planDistribution, type Random, reviewsPerProduct } from '../../src/reviews/distribute.ts';
import { formData } from '../helpers/multipart.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let cookie: string;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t.app);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const conn = t.db.fork().getConnection();
  for (let i = 1; i <= 5; i++)
    await conn.execute('insert into products (title, slug, price) values (?, ?, ?)', [`P${i}`, `p-${i}`, '10.00']);
});
afterAll(async () => {
  await t.close();
});

const csv = (n: number) =>
  `nome;avaliacao;estrelas;cidade\n${Array.from({ length: n }, (_, i) => `Cliente ${i};Gostei ${i};5;Recife - PE`).join('\n')}\n`;
async function call(procedure: 'preview' | 'import', n: number) {
  const form = formData({ clear_existing: '1' }, [{ field: 'csv', name: 'avaliacoes.csv', data: csv(n), type: 'text/csv' }]);
  const res = await fetch(`${base}/trpc/reviews.${procedure}`, { method: 'POST', body: form, headers: { cookie } });
  return (await res.json()).result.data;
}
const perProduct = async () =>
  (
    await t.db
      .fork()
      .getConnection()
      .execute<{ n: string }[]>(
        'select count(r.id) as n from products p left join reviews r on r.product_id = p.id group by p.id order by p.id',
      )
  ).map((r: { n: string }) => Number(r.n));

/** A seeded generator (mulberry32), so a failure can be replayed. */
const seeded =
  (seed: number): Random =>
  () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };

describe('the review import preview says what the import will really do', () => {
  it('5 unique reviews for 5 products: the preview promises 1 each, and the import gives 1 each', async () => {
    const preview = await call('preview', 5);
    expect(preview).toMatchObject({ distinct_rows: 5, products: 5, per_product: { min: 1, max: 1 } });
    await call('import', 5);
    expect(await perProduct()).toEqual([1, 1, 1, 1, 1]);
  });

  it('3 reviews for 5 products: 0 to 1; 40 reviews for 5 products: 4 to 7', async () => {
    expect((await call('preview', 3)).per_product).toEqual({ min: 0, max: 1 });
    expect((await call('preview', 40)).per_product).toEqual({ min: 4, max: 7 });
    expect((await call('preview', 21)).per_product).toEqual({ min: 4, max: 5 });
  });

  it('is the range planDistribution really draws from (its bounds reached, never passed)', () => {
    for (const [products, rows] of [
      [5, 5],
      [5, 3],
      [5, 12],
      [5, 20],
      [5, 21],
      [5, 23],
      [5, 40],
      [3, 100],
      [1, 2],
      [7, 0],
    ] as const) {
      const { min, max } = reviewsPerProduct(products, rows);
      const seen = new Set<number>();
      for (let seed = 1; seed <= 300; seed++) {
        const plan = planDistribution(products, rows, seeded(seed));
        for (const given of plan) {
          expect(given.length, `${products} products, ${rows} rows`).toBeGreaterThanOrEqual(min);
          expect(given.length, `${products} products, ${rows} rows`).toBeLessThanOrEqual(max);
          seen.add(given.length);
        }
      }
      expect(seen.has(min) && seen.has(max), `${products} products, ${rows} rows: ${min}..${max} reached`).toBe(true);
    }
  });
});
