import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { insertCollection } from '../helpers/fixtures.ts';
import { createTestApp } from '../helpers/test-app.ts';

let c: AdminApi;
let camisas: number;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
  camisas = await insertCollection(c.t.db, 'Camisas', 'camisas');
  const products: Record<string, string | number>[] = [
    { title: 'Camiseta Açaí Tropical', description: 'Algodão orgânico', price: '89,90' },
    { title: 'Camisa Pólo', price: '10', collection_id: camisas },
    { title: 'Camisa Polo', price: '10', collection_id: camisas },
    { title: 'Caneca Verde', price: '27.50', collection_id: camisas },
  ];
  for (const p of products) await create(p);
});
afterAll(async () => {
  await c.t.close();
});

const create = (fields: Record<string, string | number>) => c.postForm('/api/products/create.php', fields);
const getById = async (id: number) => (await c.get(`/api/products/get.php?id=${id}`)).json();

describe('GET /api/products/get.php and list.php', () => {
  it('finds by id or slug; unknown answers 404 with the spec text', async () => {
    const { id } = (await create({ title: 'Chapéu de Palha', price: '50' })).json();
    expect(await (await c.get('/api/products/get.php?slug=chapeu-de-palha')).json()).toEqual(await getById(id));
    const res = await c.get('/api/products/get.php?slug=nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Produto não encontrado' });
  });

  it('lists an array, optionally by collection, in position order', async () => {
    const all = (await c.get('/api/products/list.php')).json();
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBe(await c.count('products'));
    const inCamisas = (await c.get(`/api/products/list.php?collection_id=${camisas}`)).json();
    expect(inCamisas.map((p: { slug: string }) => p.slug)).toEqual(['camisa-polo', 'camisa-polo-2', 'caneca-verde']);
    expect((await c.get('/api/products/list.php?limit=abc')).statusCode).toBe(400);
  });

  it('searches accent- and case-insensitively by word prefixes; blank q gives []', async () => {
    const titles = async (q: string, extra = '') =>
      (await c.get(`/api/products/list.php?q=${encodeURIComponent(q)}${extra}`)).json().map((p: { title: string }) => p.title);
    expect(await titles('acai')).toEqual(['Camiseta Açaí Tropical']);
    expect(await titles('CAM')).toEqual(['Camiseta Açaí Tropical', 'Camisa Pólo', 'Camisa Polo']);
    expect(await titles('camisa pól')).toEqual(['Camisa Pólo', 'Camisa Polo']);
    expect(await titles('organico')).toEqual(['Camiseta Açaí Tropical']);
    expect(await titles('cam', `&collection_id=${camisas}`)).toEqual(['Camisa Pólo', 'Camisa Polo']);
    expect(await titles('   ')).toEqual([]);
    expect(await titles('zzzz')).toEqual([]);
  });

  it('answers at most 8 results for the overlay (limit=8)', async () => {
    for (let i = 1; i <= 10; i++) await create({ title: `Lote Extra ${i}`, price: '1' });
    expect(await (await c.get('/api/products/list.php?q=lote&limit=8')).json()).toHaveLength(8);
    expect(await (await c.get('/api/products/list.php?q=lote&limit=20')).json()).toHaveLength(10);
  });

  it('keeps search_text up to date when the title changes', async () => {
    const { id } = (await create({ title: 'Abacaxi', price: '3' })).json();
    await c.postForm('/api/products/update.php', { id, title: 'Jabuticaba' });
    expect((await c.get('/api/products/list.php?q=abacaxi')).json()).toEqual([]);
    expect((await c.get('/api/products/list.php?q=jabu')).json().map((p: { id: number }) => p.id)).toEqual([id]);
  });
});

describe('tRPC twins', () => {
  it('products.list and products.get return the same data as the legacy calls', async () => {
    const legacy = (await c.get('/api/products/list.php?q=cam&limit=8')).json();
    expect(await c.trpcQuery('products.list', { q: 'cam', limit: 8 })).toEqual(legacy);
    const one = legacy[0];
    expect(await c.trpcQuery('products.get', { slug: one.slug })).toEqual(await getById(one.id));
    // The storefront's read: the same products, each with its card's payment promises (issue 18).
    const catalog = (await c.trpcQuery('catalog.products', { collection_id: camisas })) as { payment?: unknown }[];
    expect(catalog.every((p) => p.payment !== undefined)).toBe(true);
    expect(catalog.map(({ payment: _, ...p }) => p)).toEqual((await c.get(`/api/products/list.php?collection_id=${camisas}`)).json());
  });
});

describe('store lock', () => {
  it('a locked store gives a visitor no product data; the admin still sees it', async () => {
    const lock = await c.post('/settings/update.php', { store_unlock_password: 'abre-te-sesamo', store_locked: 1 });
    expect(lock.statusCode).toBe(200);
    try {
      const [any] = (await c.sql<{ id: number }>('select id from products order by id limit 1')) as { id: number }[];
      for (const url of [
        '/api/products/list.php',
        '/api/products/list.php?q=cam&limit=8',
        `/api/products/get.php?id=${any?.id}`,
        `/api/products/images/list.php?product_id=${any?.id}`,
      ]) {
        const res = await c.get(url);
        expect(res.statusCode, url).toBe(423);
        expect(res.body, url).not.toContain('price');
      }
      const admin = await c.t.app.inject({ method: 'GET', url: '/api/products/list.php', headers: { cookie: c.cookie } });
      expect(admin.statusCode).toBe(200);
    } finally {
      await c.post('/settings/update.php', { store_locked: 0 });
    }
  });

  it('get.php without id or slug is refused', async () => {
    const res = await c.get('/api/products/get.php');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Informe o id ou o slug do produto');
  });
});
