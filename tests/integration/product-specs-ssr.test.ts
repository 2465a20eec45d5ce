import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDto } from '../../shared/catalog.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createDemoTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let api: AdminApi;
let product: ProductDto;
beforeAll(async () => {
  t = await createDemoTestApp();
  api = await adminApi(t);
  product = (await api.trpcQuery('catalog.home')).featured[0];
});
afterAll(async () => {
  await t.close();
});

/** The server-rendered specifications block of a product page, as plain text rows (`Term: value`). */
async function specs(slug: string): Promise<{ rows: string[]; body: string }> {
  const body = (await api.get(`/produto/${slug}`)).body;
  const block = /<section[^>]*aria-labelledby="specs-title"[^>]*>(.*?)<\/section>/s.exec(body)?.[1];
  if (!block) throw new Error('no specifications block');
  const rows = [...block.matchAll(/<dt>(.*?)<\/dt>\s*<dd>(.*?)<\/dd>/gs)].map(
    (m) => `${(m[1] ?? '').replace(/<[^>]+>/g, '')}: ${(m[2] ?? '').replace(/<!--.*?-->|<[^>]+>/g, '')}`,
  );
  return { rows, body };
}

describe('product specifications (server-rendered)', () => {
  it('never show the internal id, nor "Disponível" while the product cannot be bought online', async () => {
    // The first product page this process renders: the block's code (a lazy part of the page) is
    // not loaded yet, and the page still comes out whole, never with the part left to the browser.
    const { rows, body } = await specs(product.slug);
    expect(body).not.toContain('<!--$!-->');
    expect(body).toContain('Compra online indisponível para este produto');
    expect(
      rows.some((r) => r.startsWith('Fotos: ')),
      rows.join(' / '),
    ).toBe(true);
    expect(rows.filter((r) => r.startsWith('Código do produto'))).toEqual([]);
    expect(rows.filter((r) => r.startsWith('Disponibilidade'))).toEqual([]);
    expect(body).not.toContain('Código do produto');
  });

  it('say the product is sold online once the shop and the product are connected, agreeing with the buy area', async () => {
    const settings = await api.post('/settings/update.php', { shopify_domain: 'loja-teste.myshopify.com', shopify_token: 'token-publico' });
    expect(settings.statusCode).toBe(200);
    const update = await api.postForm('/api/products/update.php', { id: String(product.id), shopify_product_id: '7654321' });
    expect(update.statusCode).toBe(200);
    const { rows, body } = await specs(product.slug);
    expect(body).not.toContain('Compra online indisponível');
    expect(rows).toContain('Disponibilidade: Compra online');
    expect(rows.filter((r) => r.startsWith('Código do produto'))).toEqual([]);

    // Connected shop, but this product has no Shopify id: no availability claim, the note instead.
    const other = (await api.trpcQuery('catalog.home')).featured[1] as ProductDto;
    const unconnected = await specs(other.slug);
    expect(unconnected.body).toContain('Compra online indisponível para este produto');
    expect(unconnected.rows.filter((r) => r.startsWith('Disponibilidade'))).toEqual([]);
  });
});
