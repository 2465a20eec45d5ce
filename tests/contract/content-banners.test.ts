import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { fakePng, png } from '../helpers/images.ts';
import { formData } from '../helpers/multipart.ts';
import { createTestApp } from '../helpers/test-app.ts';

let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const UPLOAD = /^\/uploads\/[0-9a-f-]{36}\.png$/;
const create = async (fields: Record<string, string>, image?: Buffer) =>
  c.postForm('/api/banners/create.php', fields, image ? [{ field: 'image', name: 'banner.png', data: image }] : []);
const list = async () => (await c.get('/api/banners/list.php')).json();

describe('POST /api/banners/create.php', () => {
  it('stores the image re-encoded and answers { ok, id, message }, sort order 1 by default', async () => {
    const res = await create({ title: 'Promoção', href: '/colecao/ofertas' }, await png());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, message: 'Banner criado!', id: expect.any(Number) });
    expect(body.banner).toMatchObject({ id: body.id, title: 'Promoção', href: '/colecao/ofertas', sort_order: 1, active: true });
    expect(body.banner.image_url).toMatch(UPLOAD);
    expect(c.fileExists(body.banner.image_url)).toBe(true);
  });

  it('refuses a banner without an image with the spec text and writes nothing', async () => {
    const before = await c.count('banners');
    const res = await create({ title: 'Sem imagem' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Selecione uma imagem' });
    expect(await c.count('banners')).toBe(before);
  });

  it('refuses a file that lies about its type, or a javascript: link, and leaves no file behind', async () => {
    const before = { rows: await c.count('banners'), files: c.files() };
    const fake = await c.postForm('/api/banners/create.php', { title: 'x' }, [{ field: 'image', name: 'x.png', data: fakePng }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toBe('x.png: formato não permitido');
    const js = await create({ href: 'java\nscript:alert(1)' }, await png());
    expect(js.statusCode).toBe(400);
    expect(js.json().error).toBe('Link inválido');
    expect({ rows: await c.count('banners'), files: c.files() }).toEqual(before);
  });
});

describe('GET /api/banners/list.php', () => {
  it('answers an array ordered by sort_order, to visitors too', async () => {
    await create({ title: 'Primeiro', sort_order: '0' }, await png('#000000'));
    const res = await c.get('/api/banners/list.php');
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.map((b: { title: string; sort_order: number }) => [b.title, b.sort_order])).toEqual([
      ['Primeiro', 0],
      ['Promoção', 1],
    ]);
    expect(Object.keys(rows[0]).sort()).toEqual(['active', 'href', 'id', 'image_url', 'mobile_image_url', 'sort_order', 'title']);
  });
});

describe('POST /api/banners/update.php?id=', () => {
  it('changes the given fields and keeps the image when none is sent', async () => {
    const [first] = await list();
    const res = await c.postForm(`/api/banners/update.php?id=${first.id}`, { title: 'Renomeado', sort_order: '5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, id: first.id, message: 'Banner atualizado!' });
    expect(res.json().banner).toEqual({ ...first, title: 'Renomeado', sort_order: 5 });
  });

  it('replaces the image and removes the old file after saving', async () => {
    const [banner] = await list();
    const res = await c.postForm(`/api/banners/update.php?id=${banner.id}`, {}, [
      { field: 'image', name: 'novo.png', data: await png('#00ff00') },
    ]);
    expect(res.statusCode).toBe(200);
    const updated = res.json().banner;
    expect(updated.image_url).toMatch(UPLOAD);
    expect(updated.image_url).not.toBe(banner.image_url);
    expect(c.fileExists(updated.image_url)).toBe(true);
    expect(c.fileExists(banner.image_url)).toBe(false);
  });

  it('refuses an unknown id or a bad image and changes nothing', async () => {
    const before = { rows: await list(), files: c.files() };
    const missing = await c.postForm('/api/banners/update.php?id=999999', { title: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Banner não encontrado' });
    const bad = await c.postForm(`/api/banners/update.php?id=${before.rows[0].id}`, { title: 'Não salva' }, [
      { field: 'image', name: 'mentira.png', data: fakePng },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('mentira.png: formato não permitido');
    expect({ rows: await list(), files: c.files() }).toEqual(before);
  });
});

describe('POST /api/banners/delete.php?id=', () => {
  it('deletes the row and then its image file', async () => {
    const [banner] = await list();
    const res = await c.post(`/api/banners/delete.php?id=${banner.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Banner excluído' });
    expect((await list()).map((b: { id: number }) => b.id)).not.toContain(banner.id);
    expect(c.fileExists(banner.image_url)).toBe(false);
  });

  it('refuses an unknown or missing id', async () => {
    const before = await c.count('banners');
    const res = await c.post('/api/banners/delete.php?id=999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Banner não encontrado' });
    const none = await c.post('/api/banners/delete.php', {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'Preencha todos os campos' });
    expect(await c.count('banners')).toBe(before);
  });
});

describe('tRPC banners.* (same services)', () => {
  it('banners.list and content.banners return the same data as list.php', async () => {
    const legacy = await list();
    expect(legacy.length).toBeGreaterThan(0);
    expect(await c.trpcQuery('banners.list')).toEqual(legacy);
    expect(await c.trpcQuery('content.banners')).toEqual(legacy);
  });

  it('create and update take FormData with the same rules; delete takes { id }', async () => {
    const form = formData({ title: 'Via tRPC' }, [{ field: 'image', name: 'b.png', data: await png('#123456') }]);
    const created = await c.trpcForm('banners.create', form);
    expect(created.status).toBe(200);
    const banner = (await created.json()).result.data;
    expect(banner).toMatchObject({ title: 'Via tRPC', href: '', sort_order: 1 });
    expect((await list()).find((b: { id: number }) => b.id === banner.id)).toEqual(banner);

    const refused = await c.trpcForm('banners.create', formData({ title: 'x' }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe('Selecione uma imagem');

    const updated = await c.trpcForm('banners.update', formData({ id: banner.id, href: 'https://example.com/promo' }));
    expect((await updated.json()).result.data).toEqual({ ...banner, href: 'https://example.com/promo' });

    const del = await c.trpcMutation('banners.delete', { id: banner.id });
    expect(del.json().result.data).toEqual({ ok: true });
    expect(c.fileExists(banner.image_url)).toBe(false);
  });
});
