import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/errors.ts';
import { variantsIdle } from '../../src/media/backfill.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { image } from '../helpers/images.ts';
import { formData } from '../helpers/multipart.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * An upload racing the deletion of its product: the product is deleted after the upload checked
 * that it exists, while its images are being prepared. The upload answers 404 'Produto não
 * encontrado' (it used to be a 500: the database refused the gallery rows with a foreign-key
 * violation) and leaves no file behind.
 */
type Hold = { reached: () => void; released: Promise<void> };
const gate = vi.hoisted(() => ({ next: null as null | Hold, remove: null as null | Hold }));
vi.mock('../../src/media/media.service.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/media/media.service.ts')>();
  return {
    ...real,
    withSavedImages: async (...args: Parameters<typeof real.withSavedImages>) => {
      const held = gate.next;
      gate.next = null;
      if (held) {
        held.reached();
        await held.released;
      }
      return real.withSavedImages(...args);
    },
    withRemovedImages: async (...args: Parameters<typeof real.withRemovedImages>) => {
      const held = gate.remove;
      gate.remove = null;
      if (held) {
        held.reached();
        await held.released;
      }
      return real.withRemovedImages(...args);
    },
  };
});

/** Holds the next upload once its images are prepared (or the next deletion), until released; `reached` resolves once it is held. */
function holdNextImage(which: 'next' | 'remove' = 'next') {
  let reached!: () => void;
  let release!: () => void;
  const at = new Promise<void>((r) => (reached = r));
  const released = new Promise<void>((r) => (release = r));
  gate[which] = { reached, released };
  return { at, release };
}

let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const png = () => image('png', '#3366aa', { width: 300, height: 200 });

async function newProduct(title: string): Promise<number> {
  return (await c.post('/api/products/create.php', { title, price: '10' })).json().product.id;
}

/** Starts `upload`, deletes the product while its image is held, then lets the upload go on. */
async function raceDelete<T>(productId: number, upload: () => Promise<T>): Promise<T> {
  const held = holdNextImage();
  const answer = upload();
  await held.at;
  expect((await c.post('/api/products/delete.php', { id: productId })).statusCode).toBe(200);
  held.release();
  const res = await answer;
  await variantsIdle();
  return res;
}

describe('an upload whose product is deleted while its images are prepared', () => {
  it('gallery upload (legacy): 404 Produto não encontrado, no row and no file left', async () => {
    const id = await newProduct('Apagado durante o envio');
    const before = c.files();
    const res = await raceDelete(id, async () =>
      c.postForm('/api/products/images/bulk_upload.php', { product_id: id }, [
        { field: 'files[]', name: 'a.png', data: await png() },
        { field: 'files[]', name: 'b.png', data: await png() },
      ]),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MESSAGES.productNotFound });
    expect(await c.count('product_images')).toBe(0);
    expect(c.files()).toEqual(before);
  });

  it('gallery upload (tRPC): NOT_FOUND with the same text, no file left', async () => {
    const id = await newProduct('Apagado durante o envio tRPC');
    const before = c.files();
    const res = await raceDelete(id, async () =>
      c.trpcForm('productImages.upload', formData({ product_id: id }, [{ field: 'files', name: 'a.png', data: await png() }])),
    );
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { message: string; data: { code: string } } };
    expect(body.error.message).toBe(MESSAGES.productNotFound);
    expect(body.error.data.code).toBe('NOT_FOUND');
    expect(c.files()).toEqual(before);
  });

  it('product update with a new image (legacy): 404, no file left', async () => {
    const id = await newProduct('Apagado durante a edição');
    const before = c.files();
    const res = await raceDelete(id, async () =>
      c.postForm('/api/products/update.php', { id, title: 'Novo título' }, [{ field: 'image', name: 'c.png', data: await png() }]),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MESSAGES.productNotFound });
    expect(c.files()).toEqual(before);
  });

  it('the other way round: images committed after the deletion read the gallery are deleted with it, files and all', async () => {
    const id = await newProduct('Enviado durante a exclusão');
    const before = c.files();
    const held = holdNextImage('remove');
    const deleting = c.post('/api/products/delete.php', { id });
    await held.at; // the deletion has read the gallery (empty) and not deleted yet...
    const upload = await c.postForm('/api/products/images/bulk_upload.php', { product_id: id }, [
      { field: 'files[]', name: 'd.png', data: await png() },
    ]);
    expect(upload.statusCode).toBe(200); // ...when an upload commits an image
    held.release();
    expect((await deleting).statusCode).toBe(200);
    await variantsIdle();
    expect(await c.count('product_images')).toBe(0);
    expect(c.files()).toEqual(before);
  });
});
