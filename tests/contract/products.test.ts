import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { insertCollection } from '../helpers/fixtures.ts';
import { image, UPLOAD_URL } from '../helpers/images.ts';
import { type FileSpec, formData } from '../helpers/multipart.ts';
import { createTestApp } from '../helpers/test-app.ts';

let c: AdminApi;
let camisas: number;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
  // Written in SQL: this file tests products, not the collection calls.
  camisas = await insertCollection(c.t.db, 'Camisas', 'camisas');
});
afterAll(async () => {
  await c.t.close();
});

const create = (fields: Record<string, string | number>, files: FileSpec[] = []) => c.postForm('/api/products/create.php', fields, files);
const getById = async (id: number) => (await c.get(`/api/products/get.php?id=${id}`)).json();

describe('POST /api/products/create.php', () => {
  it('creates a product from the multipart form: { ok, id, message }, money as numeric strings', async () => {
    const res = await create({
      title: '  Camiseta Açaí Tropical ',
      description: 'Algodão orgânico',
      price: '89,90',
      old_price: '',
      collection_id: '',
      shopify_product_id: '7000123',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, id: expect.any(Number), message: 'Produto criado' });
    expect(await getById(body.id)).toEqual({
      id: body.id,
      title: 'Camiseta Açaí Tropical',
      slug: 'camiseta-acai-tropical',
      description: 'Algodão orgânico',
      price: '89.90',
      old_price: null,
      image_url: '',
      images: [],
      collection_id: null,
      shopify_product_id: '7000123',
      position: 0,
    });
  });

  it('keeps slugs unique and accent-free, and puts new products last in their collection', async () => {
    const a = (await create({ title: 'Camisa Pólo', price: '10', old_price: '12.5', collection_id: camisas })).json();
    const b = (await create({ title: 'Camisa Polo', price: '10.00', collection_id: String(camisas) })).json();
    expect(await getById(a.id)).toMatchObject({ slug: 'camisa-polo', position: 0, collection_id: camisas, old_price: '12.50' });
    expect(await getById(b.id)).toMatchObject({ slug: 'camisa-polo-2', position: 1, collection_id: camisas });
  });

  it('stores the optional image as the first gallery image', async () => {
    const res = await create({ title: 'Boné', price: '39.9' }, [{ field: 'image', name: 'bone.png', data: await image() }]);
    const p = await getById(res.json().id);
    expect(p.image_url).toMatch(UPLOAD_URL);
    expect(p.images).toEqual([p.image_url]);
    expect(c.fileExists(p.image_url)).toBe(true);
  });

  it("refuses a product without title or price with 'Preencha título e preço' and writes nothing", async () => {
    const before = await c.count('products');
    const incomplete: Record<string, string>[] = [
      { title: 'Sem preço' },
      { title: '   ', price: '10' },
      { price: '10' },
      { title: 'X', price: ' ' },
    ];
    for (const fields of incomplete) {
      const res = await create(fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Preencha título e preço' });
    }
    expect(await c.count('products')).toBe(before);
  });

  it('takes a Brazilian amount with thousands dots ("1.234,56"); refuses dots that could be either ("1.500"), US grouping, a negative price, more than 2 decimals or an unknown collection', async () => {
    const grouped = await create({ title: 'Sofá', price: '1.234,56', old_price: '12.345,6' });
    expect(grouped.statusCode).toBe(200);
    const made = (await c.get(`/api/products/get.php?id=${grouped.json().id}`)).json();
    expect([made.price, made.old_price]).toEqual(['1234.56', '12345.60']);
    const before = await c.count('products');
    for (const price of ['-1', '10.999', '1.500', '1,234.56', '1.23,45', '12.34,5', 'abc']) {
      const res = await create({ title: 'Caro', price });
      expect(res.statusCode, price).toBe(400);
      expect(res.json().error).toMatch(/^Preço inválido/);
    }
    const old = await create({ title: 'Caro', price: '10', old_price: '-5' });
    expect(old.json().error).toMatch(/^Preço antigo inválido/);
    const unknown = await create({ title: 'Órfão', price: '10', collection_id: 99999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'Coleção não encontrada' });
    expect(await c.count('products')).toBe(before);
  });
  it('ignores fields that are not part of the form (no mass assignment)', async () => {
    const res = await create({ title: 'Sem Atalhos', price: '1', slug: 'x', position: 99, image_url: 'https://evil.test/a.png', id: 1 });
    const p = await getById(res.json().id);
    expect(p).toMatchObject({ slug: 'sem-atalhos', image_url: '', images: [] });
    expect(p.position).not.toBe(99);
    expect(p.id).not.toBe(1);
  });
});

describe('POST /api/products/update.php', () => {
  it('updates by ?id= or by id in the body; a new title gives a new slug', async () => {
    const { id } = (await create({ title: 'Caneca Azul', price: '25' })).json();
    const res = await c.postForm(`/api/products/update.php?id=${id}`, { title: 'Caneca Verde', price: '27,5', old_price: '30' });
    expect(res.json()).toEqual(expect.objectContaining({ ok: true, id, message: 'Produto atualizado' }));
    expect(await getById(id)).toMatchObject({ title: 'Caneca Verde', slug: 'caneca-verde', price: '27.50', old_price: '30.00' });
    await c.postForm('/api/products/update.php', { id, old_price: '', collection_id: camisas });
    expect(await getById(id)).toMatchObject({ old_price: null, collection_id: camisas, position: 2, slug: 'caneca-verde' });
    expect((await c.get('/api/products/get.php?slug=caneca-azul')).statusCode).toBe(404);
  });

  it('puts a new image first in the existing gallery', async () => {
    const first = await create({ title: 'Meia', price: '9' }, [{ field: 'image', name: 'a.png', data: await image() }]);
    const { id } = first.json();
    const before = (await getById(id)).images;
    await c.postForm('/api/products/update.php', { id }, [
      { field: 'image', name: 'b.webp', data: await image('webp'), type: 'image/webp' },
    ]);
    const after = await getById(id);
    expect(after.images).toHaveLength(2);
    expect(after.images[1]).toBe(before[0]);
    expect(after.image_url).toBe(after.images[0]);
    expect(after.image_url).toMatch(/\.webp$/);
  });

  it('refuses an unknown id (404) and a blank title, changing nothing', async () => {
    const missing = await c.postForm('/api/products/update.php?id=99999', { title: 'X', price: '1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Produto não encontrado' });
    const { id } = (await create({ title: 'Intocado', price: '5' })).json();
    const blank = await c.postForm('/api/products/update.php', { id, title: '', price: '99' });
    expect(blank.json()).toEqual({ error: 'Preencha título e preço' });
    expect(await getById(id)).toMatchObject({ title: 'Intocado', price: '5.00' });
  });
});

describe('POST /api/products/delete.php', () => {
  it('deletes by ?id= or JSON {id}; the image files go too', async () => {
    const a = (await create({ title: 'Apagar A', price: '1' }, [{ field: 'image', name: 'a.png', data: await image() }])).json();
    const b = (await create({ title: 'Apagar B', price: '1' })).json();
    const url = (await getById(a.id)).image_url;
    expect(c.fileExists(url)).toBe(true);
    const res = await c.post(`/api/products/delete.php?id=${a.id}`);
    expect(res.json()).toEqual({ ok: true, message: 'Produto deletado' });
    expect(c.fileExists(url)).toBe(false);
    expect((await c.post('/api/products/delete.php', { id: b.id })).json()).toEqual({ ok: true, message: 'Produto deletado' });
    expect((await c.get(`/api/products/get.php?id=${b.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown id and deletes nothing', async () => {
    const before = await c.count('products');
    const res = await c.post('/api/products/delete.php', { id: 99999 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Produto não encontrado' });
    expect(await c.count('products')).toBe(before);
  });
});

describe('POST /api/products/reorder.php', () => {
  it('applies every position in one call', async () => {
    const list = (await c.get(`/api/products/list.php?collection_id=${camisas}`)).json() as { id: number }[];
    const orders = list.map((p, i) => ({ id: p.id, position: list.length - i }));
    expect((await c.post('/api/products/reorder.php', { orders })).json()).toEqual({ ok: true, message: 'Ordem atualizada' });
    const after = (await c.get(`/api/products/list.php?collection_id=${camisas}`)).json() as { id: number }[];
    expect(after.map((p) => p.id)).toEqual(list.map((p) => p.id).reverse());
  });

  it('refuses an unknown id with 404 and changes nothing (one transaction)', async () => {
    const before = await c.sql('select id, position from products order by id');
    const [first] = before as { id: number }[];
    const res = await c.post('/api/products/reorder.php', {
      orders: [
        { id: first?.id, position: 777 },
        { id: 99999, position: 1 },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Produto não encontrado' });
    expect(await c.sql('select id, position from products order by id')).toEqual(before);
  });
});

describe('tRPC twins', () => {
  it('products.create/update take the same FormData over HTTP, with the same rules', async () => {
    const form = formData({ title: 'Regata Açaí', price: '59,90', collection_id: camisas }, [
      { field: 'image', name: 'regata.jpg', data: await image('jpeg'), type: 'image/jpeg' },
    ]);
    const created = await c.trpcForm('products.create', form);
    expect(created.status).toBe(200);
    const product = (await created.json()).result.data;
    expect(product).toEqual(await getById(product.id));
    expect(product).toMatchObject({ slug: 'regata-acai', price: '59.90', collection_id: camisas });
    expect(product.image_url).toMatch(/\.jpg$/);

    const refused = await c.trpcForm('products.update', formData({ id: product.id, price: '' }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe('Preencha título e preço');

    const del = await c.trpcMutation('products.delete', { id: product.id });
    expect(del.statusCode).toBe(200);
    expect((await c.get(`/api/products/get.php?id=${product.id}`)).statusCode).toBe(404);
  });

  it('products.reorder refuses an unknown id like the legacy call', async () => {
    const res = await c.trpcMutation('products.reorder', { orders: [{ id: 99999, position: 1 }] });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Produto não encontrado');
  });
});

describe('JSON bodies', () => {
  it('update.php also takes JSON: numbers stay numbers and null clears old_price', async () => {
    const { id } = (await create({ title: 'Json', price: '5', old_price: '9' })).json();
    const res = await c.post(`/api/products/update.php?id=${id}`, { price: 6.5, old_price: null, collection_id: camisas });
    expect(res.json()).toMatchObject({ ok: true, id, message: 'Produto atualizado' });
    expect(await getById(id)).toMatchObject({ price: '6.50', old_price: null, collection_id: camisas });
  });
});
