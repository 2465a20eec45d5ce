import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDirOf } from '../../server/config.ts';
import { BACKUP_MESSAGES } from '../../shared/backup.ts';
import { fillShop, folderFiles, tableRows } from '../helpers/backup.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

let source: TestApp;
let target: TestApp;
beforeAll(async () => {
  source = await createTestApp();
  target = await createTestApp();
  for (const t of [source, target]) mkdirSync(uploadsDirOf(t.config), { recursive: true });
  await fillShop({ db: source.db, uploadsDir: uploadsDirOf(source.config), close: async () => {} });
});
afterAll(async () => {
  await source?.close();
  await target?.close();
});

async function download(t: TestApp) {
  return t.app.inject({ method: 'GET', url: '/admin-api/backup', headers: { cookie: await loginCookie(t.app) } });
}

describe('admin backup download', () => {
  it('needs an admin session: anonymous gets 401 in the shop format, no archive', async () => {
    const res = await source.app.inject({ method: 'GET', url: '/admin-api/backup' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('error');
    expect(res.headers['content-disposition']).toBeUndefined();
    const forged = await source.app.inject({ method: 'GET', url: '/admin-api/backup', headers: { cookie: 'sid=forjado' } });
    expect(forged.statusCode).toBe(401);
  });

  it('streams a .tar.gz as an attachment that no cache may store', async () => {
    const res = await download(source);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="loja-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });
});

describe('admin restore', () => {
  const post = (t: TestApp, body: Buffer, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/admin-api/backup/restore',
      headers: { 'content-type': 'application/gzip', ...headers },
      payload: body,
    });

  it('refuses an anonymous caller and a cross-site request, changing nothing', async () => {
    const archive = (await download(source)).rawPayload;
    expect((await post(target, archive, {})).statusCode).toBe(401);
    const cookie = await loginCookie(target.app);
    const cross = await post(target, archive, { cookie, origin: 'https://atacante.example', 'sec-fetch-site': 'cross-site' });
    expect(cross.statusCode).toBe(403);
    expect((await tableRows(target.db)).products).toEqual([]);
  });

  it('restores the downloaded archive into an empty shop; the shop then says it is not empty and refuses another', async () => {
    const cookie = await loginCookie(target.app);
    const status = () =>
      target.app.inject({ method: 'GET', url: '/trpc/backup.status', headers: { cookie } }).then((r) => r.json().result.data);
    expect(await status()).toEqual({ empty: true });
    const archive = (await download(source)).rawPayload;
    const res = await post(target, archive, { cookie, 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, files: 6, full: false });
    expect(res.headers['cache-control']).toBe('no-store');
    const drop = ['store_unlock_password_hash'];
    const [src, dst] = [await tableRows(source.db, drop), await tableRows(target.db, drop)];
    expect(dst.products).toEqual(src.products);
    expect(dst.settings).toEqual(src.settings);
    expect(folderFiles(uploadsDirOf(target.config))).toEqual(folderFiles(uploadsDirOf(source.config)));
    expect(await status()).toEqual({ empty: false });
    const again = await post(target, archive, { cookie, 'sec-fetch-site': 'same-origin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(BACKUP_MESSAGES.notEmpty);
  });
});
