import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/errors.ts';
import { variantsIdle } from '../../src/media/backfill.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { image } from '../helpers/images.ts';
import { formData, multipart } from '../helpers/multipart.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Uploads are admitted a few at a time (UPLOAD_SLOTS, 1 here): one more is answered 503 with
 * Retry-After and the shop's message before its body is read; a client that gives up on its
 * upload stops the work, and nothing of it is kept.
 */

/** Every job handed to the image process (counted, and the next one held on demand before it runs). */
const jobs = vi.hoisted(() => ({
  asked: 0,
  settled: 0,
  hold: null as null | { reached: () => void; released: Promise<void> },
}));
vi.mock('../../src/media/image-process.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/media/image-process.ts')>();
  return {
    ...real,
    inImageProcess: async (...args: Parameters<typeof real.inImageProcess>) => {
      if (!args[1].startsWith('reencodeUpload')) return real.inImageProcess(...args); // bytes or a staged file
      jobs.asked++;
      const held = jobs.hold;
      jobs.hold = null;
      try {
        if (held) {
          held.reached();
          await held.released;
        }
        return await real.inImageProcess(...args);
      } finally {
        jobs.settled++;
      }
    },
  };
});

function holdNextJob() {
  let reached!: () => void;
  let release!: () => void;
  const at = new Promise<void>((r) => (reached = r));
  const released = new Promise<void>((r) => (release = r));
  jobs.hold = { reached, released };
  return { at, release };
}

let c: AdminApi;
let base = '';
beforeAll(async () => {
  c = await adminApi(await createTestApp({ UPLOAD_SLOTS: '1' }));
  base = await c.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await c.t.close();
});

const png = (bg = '#3366aa') => image('png', bg, { width: 300, height: 200 });
const newProduct = async (title: string): Promise<number> =>
  (await c.post('/api/products/create.php', { title, price: '10' })).json().product.id;

/** Resolves once `check` holds (polled), or fails after `ms`. */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Sends only the headers of a multipart POST announcing a large body, and resolves with the answer (no body byte is ever sent). */
function headersOnly(path: string): Promise<{ status: number; retryAfter: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = request(url, {
      method: 'POST',
      headers: {
        cookie: c.cookie,
        'content-type': 'multipart/form-data; boundary=----x',
        'content-length': String(40 * 1024 * 1024),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('uploads beyond the free slots', () => {
  it('are answered 503 with Retry-After and the message before their body is sent; the slot frees once the first answers', async () => {
    const id = await newProduct('Fila de envios');
    const held = holdNextJob();
    const first = c.postForm('/api/products/images/bulk_upload.php', { product_id: id }, [
      { field: 'files[]', name: 'a.png', data: await png() },
    ]);
    await held.at; // the only slot is taken by an upload at work

    const legacy = await headersOnly('/api/products/images/bulk_upload.php');
    expect(legacy.status).toBe(503);
    expect(Number(legacy.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(legacy.body)).toEqual({ error: MESSAGES.uploadsBusy });

    const trpc = await fetch(`${base}/trpc/productImages.upload`, {
      method: 'POST',
      body: formData({ product_id: id }, [{ field: 'files', name: 'b.png', data: await png() }]),
      headers: { cookie: c.cookie },
    });
    expect(trpc.status).toBe(503);
    expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await trpc.json()) as { error: { message: string; data: { code: string } } };
    expect(body.error.message).toBe(MESSAGES.uploadsBusy);
    expect(body.error.data.code).toBe('SERVICE_UNAVAILABLE');

    // Other requests are not held up, and the refused ones added nothing.
    expect((await c.get(`/api/products/images/list.php?product_id=${id}`)).json().images).toEqual([]);
    held.release();
    expect((await first).statusCode).toBe(200);
    const again = await c.postForm('/api/products/images/bulk_upload.php', { product_id: id }, [
      { field: 'files[]', name: 'c.png', data: await png() },
    ]);
    expect(again.statusCode).toBe(200);
    expect(await c.count('product_images')).toBe(2);
  });
});

describe('an upload its client gives up on', () => {
  it('stops before the remaining images are processed and keeps no row and no file', async () => {
    const id = await newProduct('Envio abandonado');
    const files = await Promise.all(['#111111', '#222222', '#333333', '#444444', '#555555', '#666666'].map(png));
    const form = multipart(
      { product_id: id },
      files.map((data, i) => ({ field: 'files[]', name: `${i}.png`, data })),
    );
    await variantsIdle();
    const before = { files: c.files(), rows: await c.count('product_images') };
    jobs.asked = 0;
    jobs.settled = 0;
    const held = holdNextJob();
    const req = request(new URL('/api/products/images/bulk_upload.php', base), {
      method: 'POST',
      headers: { ...form.headers, cookie: c.cookie, 'content-length': String(form.payload.length) },
    });
    req.on('error', () => {});
    req.end(form.payload);
    await held.at; // the server is checking the first images...
    req.destroy(); // ...when the client goes
    await new Promise((r) => setTimeout(r, 200));
    held.release();
    await until(() => jobs.settled === jobs.asked);
    await new Promise((r) => setTimeout(r, 500)); // nothing more starts
    await variantsIdle();
    // At most the images already under way when it went (two at a time) were checked; not all six.
    expect(jobs.asked).toBeLessThanOrEqual(2);
    expect(jobs.settled).toBe(jobs.asked);
    expect(await c.count('product_images')).toBe(before.rows);
    expect(c.files()).toEqual(before.files);
    // Its slot is free again.
    const next = await c.postForm('/api/products/images/bulk_upload.php', { product_id: id }, [
      { field: 'files[]', name: 'd.png', data: await png() },
    ]);
    expect(next.statusCode).toBe(200);
  });
});
