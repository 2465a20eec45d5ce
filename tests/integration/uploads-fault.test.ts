import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDirOf } from '../../server/config.ts';
import { MESSAGES } from '../../shared/errors.ts';
import { auditUploads } from '../../src/media/audit.ts';
import { sweepUploads } from '../../src/media/file-store.ts';
import { imageFiles } from '../../src/media/image-files.ts';
import { referencedUploads } from '../../src/media/references.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { image } from '../helpers/images.ts';
import { formData } from '../helpers/multipart.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { refuseWrites } from '../helpers/uploads-fault.ts';

let c: AdminApi;
let dir: string;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
  dir = uploadsDirOf(c.t.config);
  mkdirSync(dir, { recursive: true });
});
afterAll(async () => {
  await c.t.close();
});

const UNAVAILABLE = { error: MESSAGES.storageUnavailable };
const png = () => image('png', '#3366aa', { width: 300, height: 200 });

async function productWithImage(title: string): Promise<{ id: number; imageId: number; url: string }> {
  const p = (
    await c.postForm('/api/products/create.php', { title, price: '10' }, [{ field: 'image', name: 'a.png', data: await png() }])
  ).json().product;
  const [img] = (await c.get(`/api/products/images/list.php?product_id=${p.id}`)).json().images;
  return { id: p.id, imageId: img.id, url: img.url };
}

/** Runs `fn` while the uploads folder refuses writes, then lifts the fault. */
async function whileRefusing<T>(fn: () => Promise<T>): Promise<T> {
  const undo = refuseWrites(dir);
  try {
    return await fn();
  } finally {
    undo();
  }
}

describe('an uploads folder that refuses writes and deletes', () => {
  it('an upload answers 503 with a clear message; no row and no file is added', async () => {
    const { id } = await productWithImage('Falha de escrita');
    const before = { rows: await c.count('product_images'), files: c.files() };
    const res = await whileRefusing(() =>
      c.postForm('/api/products/images/bulk_upload.php', { product_id: id }, [{ field: 'files[]', name: 'b.png', data: Buffer.from([]) }]),
    );
    // An empty file is refused by content before the disk is touched: 400, not 503.
    expect(res.statusCode).toBe(400);
    const refused = await whileRefusing(async () => {
      const data = await png();
      return c.postForm('/api/products/images/bulk_upload.php', { product_id: id }, [{ field: 'files[]', name: 'b.png', data }]);
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(UNAVAILABLE);
    expect({ rows: await c.count('product_images'), files: c.files() }).toEqual(before);
  });

  it('upload.php and the tRPC banner upload answer the same message', async () => {
    const data = await png();
    const legacy = await whileRefusing(() => c.postForm('/upload.php', {}, [{ field: 'file', name: 'x.png', data }]));
    expect(legacy.statusCode).toBe(503);
    expect(legacy.json()).toEqual(UNAVAILABLE);
    const trpc = await whileRefusing(() =>
      c.trpcForm('banners.create', formData({ title: 'T' }, [{ field: 'image', name: 'b.png', data }])),
    );
    expect(trpc.status).toBe(503);
    expect((await trpc.json()).error.message).toBe(MESSAGES.storageUnavailable);
    expect(await c.count('banners')).toBe(0);
  });

  it('a delete answers 503 and keeps the row and its files; once the folder works again it deletes both', async () => {
    const { imageId, url } = await productWithImage('Falha ao apagar');
    const files = imageFiles(url);
    const refused = await whileRefusing(() => c.post('/api/products/images/delete.php', { id: imageId }));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(UNAVAILABLE);
    expect((await c.sql('select id from product_images where id = ?', [imageId])).length).toBe(1);
    for (const f of files) expect(c.fileExists(`/uploads/${f}`), f).toBe(true);

    const banner = (await c.postForm('/api/banners/create.php', {}, [{ field: 'image', name: 'b.png', data: await png() }])).json().banner;
    const bannerRefused = await whileRefusing(() => c.post('/api/banners/delete.php', { id: banner.id }));
    expect(bannerRefused.statusCode).toBe(503);
    expect(await c.count('banners')).toBe(1);

    expect((await c.post('/api/products/images/delete.php', { id: imageId })).statusCode).toBe(200);
    for (const f of files) expect(c.fileExists(`/uploads/${f}`), f).toBe(false);
    expect((await c.post('/api/banners/delete.php', { id: banner.id })).statusCode).toBe(200);
    expect(c.files().filter((f) => f.startsWith('.'))).toEqual([]);
  });
});

describe('start-up sweep after a crash (the seam the process fault suite restarts through)', () => {
  it('removes temporary files and uncommitted uploads, keeps committed ones, undoes or finishes interrupted deletes', async () => {
    const kept = await productWithImage('Committed');
    const deleted = await productWithImage('Deleting, row still there');
    const uuid = (u: string) => u.slice(9, 45);
    // A crash after the commit, before the marker went: the upload is kept.
    writeFileSync(join(dir, `.${uuid(kept.url)}.uploading`), '');
    // A crash before the commit: files and marker of an upload no row refers to.
    const lost = '0b8c1f7e-0000-4000-8000-000000000001';
    for (const f of imageFiles(`/uploads/${lost}.png`).slice(0, 4)) writeFileSync(join(dir, f), 'x');
    writeFileSync(join(dir, `.${lost}.uploading`), '');
    writeFileSync(join(dir, `.${lost}.png.1234abcd.tmp`), 'x');
    // A crash between moving a deleted image aside and the commit: its row still exists.
    for (const f of imageFiles(deleted.url)) {
      const { renameSync } = await import('node:fs');
      renameSync(join(dir, f), join(dir, `.${f}.deleting`));
    }
    // A deletion that committed, whose trashed files were not purged yet; and a trashed variant
    // without its original (variants in place without theirs are the start's survey's: image-variants.test.ts).
    const gone = '0b8c1f7e-0000-4000-8000-000000000002';
    writeFileSync(join(dir, `.${gone}.webp.deleting`), 'x');
    writeFileSync(join(dir, `.${gone}-640.avif.deleting`), 'x');
    writeFileSync(join(dir, '.0b8c1f7e-0000-4000-8000-000000000003-320.webp.deleting'), 'x');

    const report = await sweepUploads(dir, (urls) => referencedUploads(c.t.db.fork(), urls));
    expect(report).toMatchObject({
      temporary: 1,
      uploadsKept: 1,
      uploadsRemoved: 1,
      deletesUndone: 1,
      deletesFinished: 1,
      orphanVariants: 1,
    });
    const left = readdirSync(dir);
    expect(left.filter((f) => f.startsWith('.'))).toEqual([]);
    expect(left.filter((f) => f.includes(lost) || f.includes(gone) || f.includes('000000000003'))).toEqual([]);
    for (const f of [...imageFiles(kept.url), ...imageFiles(deleted.url)]) expect(left, f).toContain(f);
    const audit = await auditUploads(c.t.db.fork(), dir);
    expect(audit).toMatchObject({ missing: [], pending: [] });
    // What is left unreferenced is /upload.php's (none here) or a test's own: every gallery image has its row.
    expect(audit.unreferenced).toEqual([]);
  });
});
