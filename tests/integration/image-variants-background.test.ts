import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VARIANT_FORMATS, VARIANT_WIDTHS, variantUrl } from '../../shared/image-variants.ts';
import { variantsIdle } from '../../src/media/backfill.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { image } from '../helpers/images.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * An upload answers once its originals are stored; their variants are made afterwards, in the
 * background. Meanwhile pages get the original (a variant URL redirects to it) and the admin's
 * `productImages.processing` read names the images still being processed. (`postFormAnswer`
 * resolves at the answer; `postForm` would wait for the variants too.)
 */
const gate = vi.hoisted(() => ({ held: null as null | Promise<void>, encodes: 0 }));
vi.mock('../../src/media/variants.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/media/variants.ts')>();
  return {
    ...real,
    renderVariants: async (original: Buffer) => {
      gate.encodes++;
      if (gate.held) await gate.held;
      return real.renderVariants(original);
    },
  };
});

let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const uuidOf = (url: string) => url.slice('/uploads/'.length, '/uploads/'.length + 36);
const filesOf = (url: string) => c.files().filter((f) => f.startsWith(uuidOf(url)));
const processing = async (productId: number): Promise<number[]> => {
  const input = encodeURIComponent(JSON.stringify({ product_id: productId }));
  const res = await c.get(`/trpc/productImages.processing?input=${input}`, true);
  expect(res.statusCode).toBe(200);
  return res.json().result.data;
};

describe('variants made after the upload has answered', () => {
  it('the upload answers while no variant exists yet; they appear afterwards and the admin sees the progress', async () => {
    const id = (await c.post('/api/products/create.php', { title: 'Em segundo plano', price: '10' })).json().product.id;
    let release!: () => void;
    gate.held = new Promise<void>((r) => (release = r));
    const photos = await Promise.all(['#aa3300', '#0033aa'].map((bg) => image('jpeg', bg, { width: 1500, height: 1000 })));
    const res = await c.postFormAnswer(
      '/api/products/images/bulk_upload.php',
      { product_id: id },
      photos.map((data, i) => ({ field: 'files[]', name: `f${i}.jpg`, data, type: 'image/jpeg' })),
    );
    expect(res.statusCode).toBe(200); // answered while every variant encoding is held
    const images = (await c.get(`/api/products/images/list.php?product_id=${id}`)).json().images as { id: number; url: string }[];
    expect(images).toHaveLength(2);
    for (const img of images) expect(filesOf(img.url)).toEqual([img.url.slice('/uploads/'.length)]);
    expect((await processing(id)).sort()).toEqual(images.map((i) => i.id).sort());

    // A page's variant URL sends the browser to the original meanwhile.
    const first = images[0]?.url as string;
    const variant = await c.get(variantUrl(first, 640, 'avif') as string);
    expect(variant.statusCode).toBe(302);
    expect(variant.headers.location).toBe(first);

    release();
    gate.held = null;
    await variantsIdle();
    for (const img of images) expect(filesOf(img.url)).toHaveLength(1 + VARIANT_WIDTHS.length * VARIANT_FORMATS.length);
    expect(await processing(id)).toEqual([]);
    expect((await c.get(variantUrl(first, 640, 'avif') as string)).statusCode).toBe(200);
    expect(c.files().filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('the read is for administrators only', async () => {
    const input = encodeURIComponent(JSON.stringify({ product_id: 1 }));
    expect((await c.get(`/trpc/productImages.processing?input=${input}`)).statusCode).toBe(401);
  });
});
