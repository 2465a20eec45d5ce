import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { fakePng, image, UPLOAD_URL } from '../helpers/images.ts';
import { type FileSpec, multipart } from '../helpers/multipart.ts';
import { createTestApp } from '../helpers/test-app.ts';

let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const upload = (files: FileSpec[]) => c.postForm('/upload.php', {}, files);

describe('POST /upload.php', () => {
  it('stores the `file` re-encoded under a server-chosen name and answers { ok, url }', async () => {
    const res = await upload([{ field: 'file', name: '../segredo.jpg', data: await image('jpeg'), type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ ok: true, url: expect.stringMatching(UPLOAD_URL) });
    expect(body.url).toMatch(/\.jpg$/);
    const served = await c.get(body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a file that lies about its type and leaves nothing behind', async () => {
    const before = c.files();
    const res = await upload([{ field: 'file', name: 'x.png', data: fakePng }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'x.png: formato não permitido' });
    expect(c.files()).toEqual(before);
  });

  it('refuses a file over 5 MB, and a request without a file', async () => {
    const before = c.files();
    const big = await upload([{ field: 'file', name: 'big.webp', data: Buffer.alloc(5 * 1024 * 1024 + 1, 7), type: 'image/webp' }]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'big.webp: arquivo muito grande (máx 5MB)' });
    const none = await upload([]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'Selecione uma imagem' });
    expect(c.files()).toEqual(before);
  });

  it('needs an admin session', async () => {
    const before = c.files();
    const form = multipart({}, [{ field: 'file', name: 'a.png', data: await image() }]);
    const res = await c.t.app.inject({ method: 'POST', url: '/upload.php', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(401);
    expect(c.files()).toEqual(before);
  });
});

describe('tRPC media.upload (FormData over HTTP)', () => {
  it('answers the same { url } with the same checks', async () => {
    const send = (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return c.trpcForm('media.upload', form);
    };
    const ok = await send(new File([await image('png')], 'logo.png', { type: 'image/png' }));
    expect(ok.status).toBe(200);
    const { url } = (await ok.json()).result.data;
    expect(url).toMatch(UPLOAD_URL);
    expect(c.fileExists(url)).toBe(true);
    const before = c.files();
    const bad = await send(new File([fakePng], 'x.webp', { type: 'image/webp' }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('x.webp: formato não permitido');
    expect(c.files()).toEqual(before);
  });
});
