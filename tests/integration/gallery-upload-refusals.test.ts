import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { fakePng, image } from '../helpers/images.ts';
import { type FileSpec, formData } from '../helpers/multipart.ts';
import { createTestApp } from '../helpers/test-app.ts';

let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const newProduct = async (title: string) => (await c.postForm('/api/products/create.php', { title, price: '10' })).json().id as number;
const gallery = async (id: number) =>
  (await c.get(`/api/products/images/list.php?product_id=${id}`)).json().images as { url: string; file_name: string }[];
const upload = async (id: number, files: FileSpec[]) => {
  const res = await c.trpcForm('productImages.upload', formData({ product_id: id }, files));
  const body = await res.json();
  return { status: res.status, data: body.result?.data, error: body.error?.message as string | undefined };
};
const photo = async (name: string, colour: string): Promise<FileSpec> => ({ field: 'files', name, data: await image('png', colour) });

describe('the admin gallery upload (productImages.upload) with a bad file in the batch', () => {
  it('keeps the 3 good photos of a new product and names the fake .png; the cover is the first good one', async () => {
    const id = await newProduct('Produto novo com fotos');
    const filesBefore = c.files().length;
    const res = await upload(id, [
      await photo('frente.png', '#a00000'),
      { field: 'files', name: 'fake.png', data: fakePng, type: 'image/png' },
      await photo('lado.png', '#00a000'),
      await photo('costas.png', '#0000a0'),
    ]);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ added: 3, message: '3 imagem(ns) adicionada(s)', refused: ['fake.png: formato não permitido'] });
    const list = await gallery(id);
    expect(list.map((i) => i.file_name)).toEqual(['frente.png', 'lado.png', 'costas.png']);
    for (const i of list) expect(c.fileExists(i.url)).toBe(true);
    const [row] = await c.sql<{ image_url: string }>('select image_url from products where id = ?', [id]);
    expect(row?.image_url).toBe(list[0]?.url);
    // Three originals and their variants, nothing for the refused file.
    expect(c.files().length).toBeGreaterThan(filesBefore);
    expect(c.files().filter((f) => f.includes('fake'))).toEqual([]);
  });

  it('names every refused file (format and size) and keeps the good one', async () => {
    const id = await newProduct('Mistura');
    const res = await upload(id, [
      { field: 'files', name: 'texto.webp', data: Buffer.from('não sou imagem'), type: 'image/webp' },
      await photo('boa.png', '#336699'),
      { field: 'files', name: 'enorme.jpg', data: Buffer.alloc(5 * 1024 * 1024 + 1, 1), type: 'image/jpeg' },
    ]);
    expect(res.status).toBe(200);
    expect(res.data.refused).toEqual(['texto.webp: formato não permitido', 'enorme.jpg: arquivo muito grande (máx 5MB)']);
    expect((await gallery(id)).map((i) => i.file_name)).toEqual(['boa.png']);
  });

  it('refuses a batch with no good file, naming each, and stores nothing', async () => {
    const id = await newProduct('Nada bom');
    const before = { rows: await c.count('product_images'), files: c.files() };
    const res = await upload(id, [
      { field: 'files', name: 'um.png', data: fakePng, type: 'image/png' },
      { field: 'files', name: 'dois.png', data: fakePng, type: 'image/png' },
    ]);
    expect(res.status).toBe(400);
    expect(res.error).toBe('um.png: formato não permitido; dois.png: formato não permitido');
    expect(await c.count('product_images')).toBe(before.rows);
    expect(c.files()).toEqual(before.files);
  });

  it('leaves the legacy bulk_upload.php all-or-nothing (its frozen contract)', async () => {
    const id = await newProduct('Legado');
    const res = await c.postForm('/api/products/images/bulk_upload.php', { product_id: id }, [
      { field: 'files[]', name: 'boa.png', data: await image() },
      { field: 'files[]', name: 'fake.png', data: fakePng },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'fake.png: formato não permitido' });
    expect(await gallery(id)).toEqual([]);
  });
});
