import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadsDirOf } from '../../server/config.ts';
import { installGracefulShutdown } from '../../server/shutdown.ts';
import { variantUrl } from '../../shared/image-variants.ts';
import { variantsIdle } from '../../src/media/backfill.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { largePhoto } from '../helpers/images.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * A variant rebuilt in the background (asked for while missing) and the image's lifecycle: an
 * image deleted while its variants are being encoded leaves no variant behind, and a graceful
 * shutdown waits for the rebuild before it closes the app and the database.
 */
/** Lets a test hold the next variant encoding once it is done, before its files are written. */
const gate = vi.hoisted(() => ({ next: null as null | { encoded: () => void; released: Promise<void> } }));
vi.mock('../../src/media/variants.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/media/variants.ts')>();
  return {
    ...real,
    renderVariants: async (original: Buffer) => {
      const variants = await real.renderVariants(original);
      const held = gate.next;
      gate.next = null;
      if (held) {
        held.encoded();
        await held.released;
      }
      return variants;
    },
  };
});

function holdEncodes() {
  let encoded!: () => void;
  let release!: () => void;
  const done = new Promise<void>((r) => (encoded = r));
  const released = new Promise<void>((r) => (release = r));
  gate.next = { encoded, released };
  return { done, release };
}

let c: AdminApi;
let dir = '';
beforeAll(async () => {
  c = await adminApi(await createTestApp());
  dir = uploadsDirOf(c.t.config);
});
afterAll(async () => {
  await variantsIdle();
  await c.t.close().catch(() => {}); // the shutdown case closed the app and the database already
});

const uuidOf = (url: string) => url.slice('/uploads/'.length, '/uploads/'.length + 36);

/** A product with one large image, one of whose variants is then missing; asking for it starts the rebuild. */
async function imageWithMissingVariant(title: string): Promise<{ productId: number; url: string; missing: string }> {
  const res = await c.postForm('/api/products/create.php', { title, price: '10' }, [
    { field: 'image', name: 'foto.jpg', data: await largePhoto(), type: 'image/jpeg' },
  ]);
  expect(res.statusCode).toBe(200);
  const { id, images } = res.json().product as { id: number; images: string[] };
  const url = images[0] as string;
  const missing = variantUrl(url, 640, 'avif') as string;
  rmSync(join(dir, missing.slice('/uploads/'.length)));
  return { productId: id, url, missing };
}

describe('a variant rebuilt in the background', () => {
  it('of an image deleted meanwhile: nothing of the image is left in the folder', async () => {
    const { productId, url, missing } = await imageWithMissingVariant('Apagada durante');
    const encoded = holdEncodes();
    expect((await c.get(missing)).statusCode).toBe(302); // the rebuild is under way
    await encoded.done; // its variants are encoded, not written yet...
    const deleted = await c.post('/api/products/delete.php', { id: productId });
    expect(deleted.statusCode).toBe(200); // ...when the image is deleted
    encoded.release();
    await variantsIdle();
    expect(c.files().filter((f) => f.includes(uuidOf(url)))).toEqual([]);
  });

  it('under way at shutdown: finished before the app and the database close', async () => {
    const { missing } = await imageWithMissingVariant('Desligamento');
    await c.t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = { SIGTERM: process.listeners('SIGTERM'), SIGINT: process.listeners('SIGINT') };
    let exitCode: number | null = null;
    let variantAtExit = false;
    const exited = new Promise<void>((resolve) => {
      installGracefulShutdown(c.t.app, { drainMs: 0, graceMs: 20_000 }, (code) => {
        exitCode = code;
        variantAtExit = c.fileExists(missing);
        resolve();
      });
    });
    const added = process.listeners('SIGTERM').filter((l) => !before.SIGTERM.includes(l));
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      for (const l of process.listeners(signal)) if (!before[signal].includes(l)) process.removeListener(signal, l);
    }
    expect(added).toHaveLength(1);

    const encoded = holdEncodes();
    expect((await c.get(missing)).statusCode).toBe(302); // the rebuild is under way
    await encoded.done;
    (added[0] as (signal: string) => void)('SIGTERM');
    await new Promise((r) => setTimeout(r, 300)); // the shutdown goes as far as it may
    expect(exitCode).toBeNull(); // waiting for the rebuild, the app and the database still open
    expect((await c.t.db.fork().getConnection().execute('select 1 as one'))[0]).toEqual({ one: 1 });
    encoded.release();
    await exited;
    expect(exitCode).toBe(0);
    expect(variantAtExit).toBe(true);
  });
});
