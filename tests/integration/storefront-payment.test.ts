import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * The Pix price and installments are server-rendered on cards (home) and the product page
 * (issue 18), in the shop's currency format; JSON-LD and Open Graph keep the real price; with
 * the settings off (0% Pix, 1 instalment) nothing of it shows.
 */
let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
  const conn = c.t.db.fork().getConnection();
  await conn.execute("insert into products (title, slug, price) values ('Caneca Pix', 'caneca-pix', 79.90)");
});
afterAll(async () => {
  await c.t.close();
});

const page = async (url: string) => {
  const res = await c.t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/&nbsp;|\u00a0/g, ' ');

describe('Pix and installments on the server-rendered storefront', () => {
  it('shows nothing of it while the settings are off', async () => {
    for (const html of [text(await page('/')), text(await page('/produto/caneca-pix'))]) {
      expect(html).toContain('R$ 79,90');
      expect(html).not.toContain('no Pix');
      expect(html).not.toContain('sem juros');
    }
  });

  it('shows the Pix price and the best interest-free installments on the home cards', async () => {
    const saved = await c.trpcMutation('settings.update', {
      pix_discount_percent: 10,
      installments_max: 6,
      installments_interest_free: 3,
      installments_min_value: '5.00',
      installments_interest_rate: 2.99,
    });
    expect(saved.statusCode).toBe(200);
    const html = text(await page('/'));
    expect(html).toContain('R$ 71,91 no Pix');
    expect(html).toContain('ou 3x de R$ 26,63 sem juros');
  });

  it('shows the discount, the Pix price and the whole table on the product page, with the real price in JSON-LD and Open Graph', async () => {
    const html = text(await page('/produto/caneca-pix'));
    expect(html).toContain('R$ 71,91 no Pix');
    expect(html).toContain('10% de desconto pagando com Pix');
    // 1x–3x interest-free (first instalment shown, the last absorbs the remainder), 4x–6x by the Price table at 2,99% a month.
    for (const row of [
      '1x de R$ 79,90</th><td>sem juros</td><td>total R$ 79,90',
      '2x de R$ 39,95</th><td>sem juros</td><td>total R$ 79,90',
      '3x de R$ 26,63</th><td>sem juros</td><td>total R$ 79,90',
      '4x de R$ 21,49</th><td>com juros</td><td>total R$ 85,96',
      '6x de R$ 14,74</th><td>com juros</td><td>total R$ 88,44',
    ])
      expect(html).toContain(row);
    expect(html).not.toContain('7x de');
    expect(html).toMatch(/"price":"79\.90"/);
    expect(html).toContain('<meta property="product:price:amount" content="79.90"');
    // The head (JSON-LD, Open Graph) keeps the real price; the Pix price is only shown (and in the page's data).
    expect(html.slice(0, html.indexOf('</head>'))).not.toMatch(/71\.91/);
  });

  it('ends the table where the minimum instalment stops it', async () => {
    expect((await c.trpcMutation('settings.update', { installments_min_value: '20,00' })).statusCode).toBe(200);
    const html = text(await page('/produto/caneca-pix'));
    expect(html).toContain('4x de R$ 21,49'); // ≥ 20,00
    expect(html).not.toContain('5x de'); // 17,44 < 20,00
  });

  it('follows a change made directly in the database, as the next page shows', async () => {
    // The payment terms come from the settings row the server shares between requests: a change
    // in SQL (an operator with psql) reaches it through the change notifications.
    await c.t.db.fork().getConnection().execute('update settings set pix_discount_percent = 20 where id = 1');
    await c.t.app.publicCacheSynced();
    expect(text(await page('/produto/caneca-pix'))).toContain('R$ 63,92 no Pix');
    expect(text(await page('/'))).toContain('R$ 63,92 no Pix');
  });
});
