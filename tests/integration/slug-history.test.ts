import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Renamed product or collection (issue 14 item 6): the old slug is kept, its page answers 301 to
 * the current URL with the query string, and the tRPC read by slug answers the current record so
 * the client can move there. A new product or collection that takes an old slug owns it; deleting
 * the owner deletes its history. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

type Product = { id: number; slug: string; title: string };
const createProduct = async (title: string, collection_id?: number) =>
  (await c.post('/api/products/create.php', { title, price: '10', ...(collection_id ? { collection_id } : {}) })).json().product as Product;
const renameProduct = async (id: number, title: string) =>
  (await c.post('/api/products/update.php', { id, title })).json().product as Product;
const createCollection = async (name: string) =>
  (await c.post('/api/collections/create.php', { name })).json().collection as { id: number; slug: string };
const renameCollection = async (id: number, name: string) =>
  (await c.post('/api/collections/update.php', { id, name })).json().collection as { id: number; slug: string };

describe('renamed product', () => {
  it('the old URL answers 301 to the current one, keeping the query; the current one answers 200', async () => {
    const p = await createProduct('Camisa Azul');
    expect(p.slug).toBe('camisa-azul');
    const renamed = await renameProduct(p.id, 'Camisa Marinho');
    expect(renamed.slug).toBe('camisa-marinho');

    const old = await c.get('/produto/camisa-azul?utm_source=insta&x=1');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/produto/camisa-marinho?utm_source=insta&x=1');
    const current = await c.get(old.headers.location as string);
    expect(current.statusCode).toBe(200);
    expect(current.body).toContain('Camisa Marinho');

    // A second rename: both earlier slugs lead to the current one.
    await renameProduct(p.id, 'Camisa Petróleo');
    expect((await c.get('/produto/camisa-azul')).headers.location).toBe('/produto/camisa-petroleo');
    expect((await c.get('/produto/camisa-marinho')).headers.location).toBe('/produto/camisa-petroleo');
    // Renamed back: the slug is live again, no redirect loop.
    await renameProduct(p.id, 'Camisa Azul');
    expect((await c.get('/produto/camisa-azul')).statusCode).toBe(200);
    expect((await c.get('/produto/camisa-petroleo')).headers.location).toBe('/produto/camisa-azul');
  });

  it('the tRPC product page read by an old slug answers the product with its current slug', async () => {
    const p = await createProduct('Bermuda Verde');
    await renameProduct(p.id, 'Bermuda Oliva');
    const page = await c.trpcQuery('catalog.productPage', { slug: 'bermuda-verde' });
    expect(page).toMatchObject({ id: p.id, slug: 'bermuda-oliva' });
    // The frozen legacy read by slug answers only the current slug, as documented.
    expect((await c.get('/api/products/get.php?slug=bermuda-verde')).statusCode).toBe(404);
    expect(await c.trpcQuery('catalog.productPage', { slug: 'nunca-existiu' })).toBeNull();
    expect((await c.get('/produto/nunca-existiu')).statusCode).toBe(404);
  });

  it('an old slug taken by a new product belongs to the new one', async () => {
    const first = await createProduct('Boné Preto');
    await renameProduct(first.id, 'Boné Grafite');
    const second = await createProduct('Boné Preto');
    expect(second.slug).toBe('bone-preto');
    const res = await c.get('/produto/bone-preto');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Boné Preto');
    expect(await c.trpcQuery('catalog.productPage', { slug: 'bone-preto' })).toMatchObject({ id: second.id });
    // Even after the new owner is renamed, the slug leads to it, not to the first product.
    await renameProduct(second.id, 'Boné Carvão');
    expect((await c.get('/produto/bone-preto')).headers.location).toBe('/produto/bone-carvao');
  });

  it('a rename onto another product’s old slug takes it over', async () => {
    const a = await createProduct('Meia Branca');
    await renameProduct(a.id, 'Meia Gelo');
    const b = await createProduct('Meia Cinza');
    await renameProduct(b.id, 'Meia Branca');
    expect((await c.get('/produto/meia-branca')).statusCode).toBe(200);
    expect(await c.trpcQuery('catalog.productPage', { slug: 'meia-branca' })).toMatchObject({ id: b.id });
    expect((await c.get('/produto/meia-cinza')).headers.location).toBe('/produto/meia-branca');
  });

  it('deleting the product deletes its history: the old URL is a 404', async () => {
    const p = await createProduct('Saia Longa');
    await renameProduct(p.id, 'Saia Midi');
    expect((await c.get('/produto/saia-longa')).statusCode).toBe(301);
    expect((await c.post('/api/products/delete.php', { id: p.id })).statusCode).toBe(200);
    expect((await c.get('/produto/saia-longa')).statusCode).toBe(404);
    expect((await c.get('/produto/saia-midi')).statusCode).toBe(404);
    expect(await c.sql(`select count(*)::int as n from slug_history where slug in ('saia-longa')`)).toEqual([{ n: 0 }]);
  });

  it('a locked store does not reveal the current slug to a visitor', async () => {
    const p = await createProduct('Jaqueta Jeans');
    await renameProduct(p.id, 'Jaqueta Sarja');
    await c.post('/settings/update.php', { store_locked: 1, store_unlock_password: 'segredo-123' });
    try {
      const res = await c.get('/produto/jaqueta-jeans');
      expect(res.statusCode).not.toBe(301);
      expect(res.body).not.toContain('jaqueta-sarja');
    } finally {
      await c.post('/settings/update.php', { store_locked: 0 });
    }
  });
});

describe('renamed collection', () => {
  it('the old URL answers 301 to the current one, keeping the query, and tRPC answers the current slug', async () => {
    const col = await createCollection('Verão');
    await createProduct('Regata', col.id);
    const renamed = await renameCollection(col.id, 'Verão 2027');
    expect(renamed.slug).toBe('verao-2027');
    const old = await c.get('/colecao/verao?ordem=preco-asc');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/colecao/verao-2027?ordem=preco-asc');
    expect((await c.get('/colecao/verao-2027?ordem=preco-asc')).statusCode).toBe(200);
    const page = await c.trpcQuery('catalog.collectionPage', { slug: 'verao' });
    expect(page.collection).toMatchObject({ id: col.id, slug: 'verao-2027' });
    expect(page.products.map((p: Product) => p.title)).toEqual(['Regata']);
  });

  it('an old slug taken by a new collection belongs to it; deleting removes the history', async () => {
    const first = await createCollection('Inverno');
    await renameCollection(first.id, 'Inverno Quente');
    expect((await c.get('/colecao/inverno')).headers.location).toBe('/colecao/inverno-quente');
    const second = await createCollection('Inverno');
    expect(second.slug).toBe('inverno');
    expect((await c.get('/colecao/inverno')).statusCode).toBe(200);
    expect((await c.trpcQuery('catalog.collectionPage', { slug: 'inverno' })).collection).toMatchObject({ id: second.id });

    const third = await createCollection('Outono');
    await renameCollection(third.id, 'Outono Frio');
    expect((await c.post('/api/collections/delete.php', { id: third.id })).statusCode).toBe(200);
    expect((await c.get('/colecao/outono')).statusCode).toBe(404);
    expect(await c.sql(`select count(*)::int as n from slug_history where kind = 'collection' and slug = 'outono'`)).toEqual([{ n: 0 }]);
  });
});
