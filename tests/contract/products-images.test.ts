import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from '../../server/trpc/router.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { ADMIN_USER, contextFor } from '../helpers/context.ts';
import { fakePng, image, UPLOAD_URL } from '../helpers/images.ts';
import { type FileSpec, formData } from '../helpers/multipart.ts';
import { createTestApp } from '../helpers/test-app.ts';

let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

type Img = { id: number; url: string; file_name: string };
const newProduct = async (title: string) => (await c.postForm('/api/products/create.php', { title, price: '10' })).json().id as number;
const images = async (productId: number): Promise<Img[]> =>
  (await c.get(`/api/products/images/list.php?product_id=${productId}`)).json().images;
const product = async (id: number) => (await c.get(`/api/products/get.php?id=${id}`)).json();
const upload = (productId: number | string, files: FileSpec[]) =>
  c.postForm('/api/products/images/bulk_upload.php', { product_id: productId }, files);
const gallery = async (productId: number, n = 3) => {
  const files = await Promise.all(
    Array.from({ length: n }, async (_, i) => ({ field: 'files[]', name: `foto-${i + 1}.png`, data: await image('png', `#00${i}0${i}0`) })),
  );
  await upload(productId, files);
  return images(productId);
};

describe('POST /api/products/images/bulk_upload.php', () => {
  it('adds jpeg, png and webp files checked by content; file_name is the original, sanitised name', async () => {
    const id = await newProduct('Galeria');
    const res = await upload(id, [
      { field: 'files[]', name: 'frente.jpg', data: await image('jpeg'), type: 'image/jpeg' },
      { field: 'files[]', name: '../../costas.png', data: await image('png') },
      { field: 'files[]', name: 'detalhe.webp', data: await image('webp'), type: 'image/webp' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: '3 imagem(ns) adicionada(s)' });
    const list = await images(id);
    expect(list.map((i) => i.file_name)).toEqual(['frente.jpg', 'costas.png', 'detalhe.webp']);
    for (const i of list) expect(i.url).toMatch(UPLOAD_URL);
    expect(list.map((i) => i.url.split('.').pop())).toEqual(['jpg', 'png', 'webp']);
    const p = await product(id);
    expect(p.images).toEqual(list.map((i) => i.url));
    expect(p.image_url).toBe(list[0]?.url);
  });

  it('stores none of the files when one lies about its type', async () => {
    const id = await newProduct('Recusa');
    const before = { rows: await c.count('product_images'), files: c.files() };
    const res = await upload(id, [
      { field: 'files[]', name: 'boa.png', data: await image() },
      { field: 'files[]', name: 'ma.png', data: fakePng },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ma.png: formato não permitido' });
    expect(await c.count('product_images')).toBe(before.rows);
    expect(c.files()).toEqual(before.files);
  });

  it('refuses a file over 5 MB with the spec text, storing nothing', async () => {
    const id = await newProduct('Grande');
    const before = c.files();
    const res = await upload(id, [
      { field: 'files[]', name: 'ok.png', data: await image() },
      { field: 'files[]', name: 'enorme.jpg', data: Buffer.alloc(5 * 1024 * 1024 + 1, 1), type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'enorme.jpg: arquivo muito grande (máx 5MB)' });
    expect(await images(id)).toEqual([]);
    expect(c.files()).toEqual(before);
  });

  it('refuses more than 10 files per request, and an unknown product', async () => {
    const id = await newProduct('Demais');
    const png = await image();
    const eleven = Array.from({ length: 11 }, (_, i) => ({ field: 'files[]', name: `f${i}.png`, data: png }));
    const res = await upload(id, eleven);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Máximo de 10 imagens por vez' });
    expect(await images(id)).toEqual([]);
    const unknown = await upload(99999, [{ field: 'files[]', name: 'a.png', data: png }]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Produto não encontrado' });
    const none = await upload(id, []);
    expect(none.json()).toEqual({ error: 'Selecione ao menos uma imagem' });
  });
});

describe('GET /api/products/images/list.php', () => {
  it('answers { ok, images } in gallery order, 404 for an unknown product', async () => {
    const id = await newProduct('Lista');
    const list = await gallery(id);
    const res = await c.get(`/api/products/images/list.php?product_id=${id}`);
    expect(res.json()).toEqual({ ok: true, images: list });
    expect(list.map((i) => i.file_name)).toEqual(['foto-1.png', 'foto-2.png', 'foto-3.png']);
    const missing = await c.get('/api/products/images/list.php?product_id=99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Produto não encontrado' });
  });
});

describe('POST /api/products/images/delete.php', () => {
  it("removes the image and its file; the product's image_url moves to the next image", async () => {
    const id = await newProduct('Remover');
    const [first, second] = await gallery(id);
    const res = await c.post(`/api/products/images/delete.php?id=${first?.id}`);
    expect(res.json()).toEqual({ ok: true, message: 'Imagem removida' });
    expect(c.fileExists(first?.url ?? '')).toBe(false);
    expect((await c.get(first?.url ?? '')).statusCode).toBe(404);
    expect((await images(id)).map((i) => i.id)).not.toContain(first?.id);
    expect((await product(id)).image_url).toBe(second?.url);
    const [row] = await c.sql<{ image_url: string }>('select image_url from products where id = ?', [id]);
    expect(row?.image_url).toBe(second?.url);
  });

  it('answers 404 for an unknown image and removes nothing', async () => {
    const before = await c.count('product_images');
    const res = await c.post('/api/products/images/delete.php?id=99999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Imagem não encontrada' });
    expect(await c.count('product_images')).toBe(before);
  });
});

describe('POST /api/products/images/reorder.php', () => {
  it('applies the new order in one call; the first image becomes image_url', async () => {
    const id = await newProduct('Ordem');
    const list = await gallery(id);
    const order = list.map((i) => i.id).reverse();
    const res = await c.post('/api/products/images/reorder.php', { product_id: id, order });
    expect(res.json()).toEqual({ ok: true, message: 'Ordem atualizada' });
    expect((await images(id)).map((i) => i.id)).toEqual(order);
    expect((await product(id)).image_url).toBe(list[2]?.url);
  });

  it("refuses another product's image id and changes nothing", async () => {
    const a = await newProduct('Ordem A');
    const b = await newProduct('Ordem B');
    const listA = await gallery(a, 2);
    const [foreign] = await gallery(b, 1);
    const res = await c.post('/api/products/images/reorder.php', { product_id: a, order: [listA[1]?.id, foreign?.id] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Imagem não encontrada' });
    expect(await images(a)).toEqual(listA);
    expect(await images(b)).toEqual([foreign]);
  });
});

describe('deleting a product', () => {
  it('removes all its gallery files after the delete commits', async () => {
    const id = await newProduct('Tudo');
    const list = await gallery(id);
    expect((await c.post('/api/products/delete.php', { id })).json()).toEqual({ ok: true, message: 'Produto deletado' });
    for (const i of list) expect(c.fileExists(i.url)).toBe(false);
    expect(await c.sql('select id from product_images where product_id = ?', [id])).toEqual([]);
  });
});

describe('tRPC twins', () => {
  it('productImages.list returns the same images as the legacy call', async () => {
    const id = await newProduct('Paridade');
    const list = await gallery(id, 2);
    expect(await c.trpcQuery('productImages.list', { product_id: id })).toEqual(list);
  });

  it('productImages.upload takes FormData over HTTP with the same checks, keeping the good files of a batch', async () => {
    const id = await newProduct('Via tRPC');
    const send = (form: FormData) => c.trpcForm('productImages.upload', form);
    const ok = await send(
      formData({ product_id: id }, [
        { field: 'files', name: 'a.webp', data: await image('webp'), type: 'image/webp' },
        { field: 'files', name: 'b.png', data: await image('png') },
      ]),
    );
    expect(ok.status).toBe(200);
    expect((await ok.json()).result.data).toEqual({ added: 2, message: '2 imagem(ns) adicionada(s)', refused: [] });
    expect((await images(id)).map((i) => i.file_name)).toEqual(['a.webp', 'b.png']);

    // Unlike bulk_upload.php (all-or-nothing, above), the admin's upload keeps c.png and names d.jpg.
    const partly = await send(
      formData({ product_id: id }, [
        { field: 'files', name: 'c.png', data: await image() },
        { field: 'files', name: 'd.jpg', data: fakePng, type: 'image/jpeg' },
      ]),
    );
    expect(partly.status).toBe(200);
    expect((await partly.json()).result.data).toEqual({
      added: 1,
      message: '1 imagem(ns) adicionada(s)',
      refused: ['d.jpg: formato não permitido'],
    });
    expect((await images(id)).map((i) => i.file_name)).toEqual(['a.webp', 'b.png', 'c.png']);

    const refused = await send(formData({ product_id: id }, [{ field: 'files', name: 'e.jpg', data: fakePng, type: 'image/jpeg' }]));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe('e.jpg: formato não permitido');
    expect(await images(id)).toHaveLength(3);
  });

  it('productImages.reorder and delete (createCaller) follow the same rules', async () => {
    const id = await newProduct('Caller');
    const list = await gallery(id, 2);
    const me = await c.sql<{ id: number }>("select id from admin_users where username = 'admin'");
    const caller = createCaller({ app: contextFor(c.t.db, { ...ADMIN_USER, id: me[0]?.id ?? 0 }), http: null });
    await expect(caller.productImages.reorder({ product_id: id, order: [99999] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await caller.productImages.reorder({ product_id: id, order: [list[1]?.id ?? 0] });
    // A direct call is not a request, so nothing waits for the cache to hear of it (on PostgreSQL
    // the notice arrives on the LISTEN connection a moment later); the read below goes through it.
    await c.t.app.publicCacheSynced();
    expect((await images(id)).map((i) => i.id)).toEqual([list[1]?.id, list[0]?.id]);
  });
});
