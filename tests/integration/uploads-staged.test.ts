import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOG_MESSAGES } from '../../shared/catalog.ts';
import { requestHash } from '../../src/idempotency/idempotency.service.ts';
import { variantsIdle } from '../../src/media/backfill.ts';
import { MARKER_OWNER, SWEEP_AFTER_MS } from '../../src/media/file-store.ts';
import { stagingRoot, sweepStaging, UploadStaging } from '../../src/media/staging.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { image } from '../helpers/images.ts';
import { formData, multipart } from '../helpers/multipart.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * The server never holds an upload's bytes (issue 15, item 2): multipart files, legacy and tRPC
 * alike, are streamed to a staging area on disk, the image process reads and writes them by path,
 * and the staged files are gone once the request is over, whatever its outcome.
 */

/** Every upload check handed to the image process: its job name and whether any bytes went with it. */
const jobs = vi.hoisted(() => ({ seen: [] as { name: string; bytes: boolean }[] }));
vi.mock('../../src/media/image-process.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/media/image-process.ts')>();
  return {
    ...real,
    inImageProcess: (...args: Parameters<typeof real.inImageProcess>) => {
      const [, name, task] = args;
      if (name.startsWith('reencodeUpload')) {
        const bytes = task instanceof Uint8Array || Object.values(task as object).some((v) => v instanceof Uint8Array);
        jobs.seen.push({ name, bytes });
      }
      return real.inImageProcess(...args);
    },
  };
});

let c: AdminApi;
let base = '';
let staging = '';
beforeAll(async () => {
  c = await adminApi(await createTestApp());
  base = await c.t.app.listen({ port: 0, host: '127.0.0.1' });
  staging = stagingRoot(join(c.t.config.dataDir, 'uploads'));
});
afterAll(async () => {
  await c.t.close();
});

const png = (bg: string) => image('png', bg, { width: 300, height: 200 });
const newProduct = async (title: string): Promise<number> =>
  (await c.post('/api/products/create.php', { title, price: '10' })).json().product.id;

/** A tRPC FormData upload over real HTTP (the listener is this file's own). */
async function trpcForm(path: string, form: FormData): Promise<Response> {
  const res = await fetch(`${base}/trpc/${path}`, { method: 'POST', body: form, headers: { cookie: c.cookie } });
  await variantsIdle();
  return res;
}

/** Files in the staging area (every process folder), not counting the folders' owner files. */
const stagedFiles = (): string[] =>
  existsSync(staging)
    ? readdirSync(staging).flatMap((d) =>
        readdirSync(join(staging, d))
          .filter((n) => n !== '.owner')
          .map((n) => `${d}/${n}`),
      )
    : [];

/** Resolves once nothing is staged any more (the files go as the answer is sent), or fails after 10 s. */
async function stagingEmptied(): Promise<void> {
  const end = Date.now() + 10_000;
  while (stagedFiles().length > 0) {
    if (Date.now() > end) throw new Error(`left in the staging area: ${stagedFiles().join(', ')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('an upload, legacy or tRPC', () => {
  it('reaches the image process as files on disk, never as bytes, and leaves nothing staged', async () => {
    const id = await newProduct('Galeria em disco');
    jobs.seen = [];
    const legacy = await c.postForm('/api/products/images/bulk_upload.php', { product_id: id }, [
      { field: 'files[]', name: 'a.png', data: await png('#aa0000') },
      { field: 'files[]', name: 'b.png', data: await png('#00aa00') },
    ]);
    expect(legacy.statusCode).toBe(200);
    const trpc = await trpcForm(
      'productImages.upload',
      formData({ product_id: id }, [{ field: 'files', name: 'c.png', data: await png('#0000aa') }]),
    );
    expect(trpc.status).toBe(200);
    const single = await c.postForm('/upload.php', {}, [{ field: 'file', name: 'd.png', data: await png('#aaaa00') }]);
    expect(single.statusCode).toBe(200);
    const banner = await c.postForm('/api/banners/create.php', { title: 'Com celular', sort_order: '0' }, [
      { field: 'image', name: 'largo.png', data: await png('#00aaaa') },
      { field: 'mobile_image', name: 'celular.png', data: await png('#aa00aa') },
    ]);
    expect(banner.statusCode).toBe(200);

    expect(jobs.seen).toEqual(Array.from({ length: 6 }, () => ({ name: 'reencodeUploadFile', bytes: false })));
    const images = (await c.get(`/api/products/images/list.php?product_id=${id}`)).json().images as { url: string; file_name: string }[];
    expect(images.map((i) => i.file_name)).toEqual(['a.png', 'b.png', 'c.png']);
    for (const i of images) expect(c.fileExists(i.url)).toBe(true);
    expect(c.fileExists(single.json().url)).toBe(true);
    await stagingEmptied();
  });

  it('refused (not an image, too large, too many files) leaves nothing staged nor stored, with the messages as before', async () => {
    const id = await newProduct('Recusas');
    const filesBefore = c.files();
    const fake = await c.postForm('/api/products/images/bulk_upload.php', { product_id: id }, [
      { field: 'files[]', name: 'texto.png', data: Buffer.from('não sou imagem') },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toBe('texto.png: formato não permitido');
    const big = await trpcForm(
      'productImages.upload',
      formData({ product_id: id }, [
        { field: 'files', name: 'enorme.jpg', data: Buffer.alloc(5 * 1024 * 1024 + 1, 1), type: 'image/jpeg' },
      ]),
    );
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { message: string } }).error.message).toBe('enorme.jpg: arquivo muito grande (máx 5MB)');
    const eleven = await png('#123456');
    const many = await trpcForm(
      'productImages.upload',
      formData(
        { product_id: id },
        Array.from({ length: 11 }, (_, i) => ({ field: 'files', name: `${i}.png`, data: eleven })),
      ),
    );
    expect(many.status).toBe(400);
    expect(((await many.json()) as { error: { message: string } }).error.message).toBe(CATALOG_MESSAGES.tooManyImages);
    expect(c.files()).toEqual(filesBefore);
    await stagingEmptied();
  });

  it('its client gives up while sending the body: what was received is removed', async () => {
    const id = await newProduct('Corte no envio');
    const form = multipart({ product_id: id }, [
      { field: 'files[]', name: 'a.png', data: await png('#101010') },
      { field: 'files[]', name: 'b.png', data: Buffer.alloc(3 * 1024 * 1024, 7) },
    ]);
    const filesBefore = c.files();
    const req = request(new URL('/api/products/images/bulk_upload.php', base), {
      method: 'POST',
      headers: { ...form.headers, cookie: c.cookie, 'content-length': String(form.payload.length) },
    });
    req.on('error', () => {});
    req.write(form.payload.subarray(0, form.payload.length - 1024 * 1024)); // the first file and part of the second
    const end = Date.now() + 10_000;
    while (stagedFiles().length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(stagedFiles().length).toBe(2); // staged as it arrives
    req.destroy();
    await stagingEmptied();
    expect(c.files()).toEqual(filesBefore);
    expect(await c.count('product_images')).toBe(3); // the first test's three, none of these
  });
});

describe('a retried upload (Idempotency-Key)', () => {
  it('is recognised whether its file was staged on disk or held in memory: same name and bytes, same request', async () => {
    const bytes = await png('#654321');
    const dir = join(c.t.config.dataDir, 'uploads');
    const staged = new UploadStaging(dir);
    const path = await staged.newPath('in');
    writeFileSync(path, bytes);
    const onDisk = {
      filename: 'a.png',
      path,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      truncated: false,
      staging: staged,
    };
    expect(requestHash([7, [onDisk]])).toBe(requestHash([7, [{ filename: 'a.png', data: bytes, truncated: false }]]));
    expect(requestHash([7, [onDisk]])).not.toBe(requestHash([7, [{ filename: 'b.png', data: bytes, truncated: false }]]));
    await staged.release();
    expect(existsSync(path)).toBe(false);
  });
});

describe('the start-up sweep of the staging area', () => {
  it('removes the folders of processes gone and old files, and keeps what a running process is receiving', async () => {
    const root = join(c.t.config.dataDir, 'sweep', '.upload-staging');
    const uploads = join(c.t.config.dataDir, 'sweep', 'uploads');
    const gone = join(root, '4194302-dead');
    const alive = join(root, `${process.pid}-alive`);
    for (const d of [gone, alive]) mkdirSync(d, { recursive: true });
    // A pid that does not exist on this machine: the owner line of a crashed process.
    writeFileSync(join(gone, '.owner'), MARKER_OWNER.replace(/ \d+\n$/, ' 4194302\n'));
    writeFileSync(join(gone, 'x.in'), 'half an upload');
    writeFileSync(join(alive, '.owner'), MARKER_OWNER);
    writeFileSync(join(alive, 'young.in'), 'being received');
    writeFileSync(join(alive, 'old.out'), 'left long ago');
    const old = (Date.now() - SWEEP_AFTER_MS - 60_000) / 1000;
    utimesSync(join(alive, 'old.out'), old, old);

    expect(await sweepStaging(uploads)).toBe(2);
    expect(existsSync(gone)).toBe(false);
    expect(readdirSync(alive).sort()).toEqual(['.owner', 'young.in']);
  });
});
