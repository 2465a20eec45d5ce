import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { folderSettled } from '../../scripts/folder-settled.ts';
import { createStore, login, onPostgres, type Shop, type Store, sleep, startShop } from './harness.ts';

type Review = { reviewer_name: string; review_text: string };
type Image = { url: string };

let store: Store;
let shop: Shop;
before(async () => {
  store = await createStore();
  shop = await startShop(store, { LOG_LEVEL: 'debug' });
});
after(async () => {
  await shop?.stop();
  await store?.remove();
});

const uploadsDir = () => join(store.dataDir, 'uploads');
const files = () => readdirSync(uploadsDir()).sort();
/** An image's responsive variants (`<id>-640.avif`) belong to it: the original's name stem. */
const stemOf = (file: string) => file.replace(/-\d+\.(avif|webp)$/, '').replace(/\.[a-z]+$/, '');
const isVariant = (file: string) => /-\d+\.(avif|webp)$/.test(file);
/**
 * Sends a multipart POST and SIGKILLs the process once the server works on it: as soon as `moment`
 * holds (polled every few ms), or `afterMs` after the request arrived.
 */
async function killDuring(path: string, form: FormData, afterMs: number, moment: () => boolean = () => false): Promise<void> {
  const cookie = await login(shop);
  const seen = shop.output().length;
  const sent = fetch(`${shop.url}${path}`, { method: 'POST', headers: { origin: shop.url, cookie }, body: form }).catch((e) => e);
  // The shop logs each request as it arrives at `debug` (server/plugins/access-log.ts).
  while (!shop.output().slice(seen).includes(`"url":"${path}"`)) await sleep(5);
  const until = Date.now() + afterMs;
  while (!moment() && Date.now() < until) await sleep(2);
  shop.kill('SIGKILL');
  assert.equal((await shop.exited).signal, 'SIGKILL');
  await sent;
  shop = await startShop(store, { LOG_LEVEL: 'debug' });
}

async function reviewsByProduct(): Promise<Map<number, string[]>> {
  const products = (await (await fetch(`${shop.url}/api/products/list.php`)).json()) as { id: number }[];
  const out = new Map<number, string[]>();
  for (const p of products) {
    const { reviews } = (await (await fetch(`${shop.url}/api/reviews/list.php?product_id=${p.id}`)).json()) as { reviews: Review[] };
    out.set(p.id, reviews.map((r) => `${r.reviewer_name}|${r.review_text}`).sort());
  }
  return out;
}

describe(`SIGKILL during writes, then a restart (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a review import killed midway leaves the old reviews or the complete new set, never a mix', async (t) => {
    const before = await reviewsByProduct();
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `Cliente ${i},Avaliação importada ${i} marcador-falha,${(i % 5) + 1},Cidade ${i % 50}`,
    );
    const form = new FormData();
    form.set('clear_existing', '1');
    form.set('csv', new Blob([`nome,avaliacao,estrelas,cidade\n${rows.join('\n')}\n`], { type: 'text/csv' }), 'reviews.csv');
    await killDuring('/api/reviews/import.php', form, 400);

    const now = await reviewsByProduct();
    const all = [...now.values()].flat();
    const imported = all.filter((r) => r.includes('marcador-falha'));
    t.diagnostic(
      imported.length === 0 ? 'killed before the commit: old reviews' : `killed after the commit: ${imported.length} new reviews`,
    );
    if (imported.length === 0) {
      assert.deepEqual(now, before, 'no new review: the old reviews are all there, unchanged');
    } else {
      assert.equal(imported.length, all.length, 'with clear_existing, no old review survives next to new ones');
      for (const [id, reviews] of now) assert.ok(reviews.length >= 4 && reviews.length <= 7, `product ${id} got ${reviews.length} reviews`);
    }
  });

  it('an image upload killed midway leaves the old or the new gallery, and no orphan or partial file', async (t) => {
    const products = (await (await fetch(`${shop.url}/api/products/list.php`)).json()) as { id: number }[];
    const productId = products[0]?.id ?? 0;
    const listImages = async () =>
      ((await (await fetch(`${shop.url}/api/products/images/list.php?product_id=${productId}`)).json()) as { images: Image[] }).images.map(
        (i) => i.url,
      );
    const beforeImages = await listImages();
    await folderSettled(uploadsDir());
    const beforeFiles = files();
    const originals = () => files().filter((f) => !isVariant(f));
    const form = new FormData();
    for (let i = 0; i < 6; i++) {
      const png = await sharp({
        create: { width: 900, height: 900, channels: 3, background: `#${(i * 40).toString(16).padStart(2, '0')}6b35` },
      })
        .png()
        .toBuffer();
      form.append('files[]', new Blob([png], { type: 'image/png' }), `foto-${i}.png`);
    }
    form.set('product_id', String(productId));
    // Killed as soon as the first new file shows up: files on disk, rows not committed yet.
    await killDuring(
      '/api/products/images/bulk_upload.php',
      form,
      5_000,
      () => originals().length > beforeFiles.filter((f) => !isVariant(f)).length,
    );

    const afterImages = await listImages();
    const added = afterImages.filter((u) => !beforeImages.includes(u));
    assert.deepEqual(
      afterImages.filter((u) => beforeImages.includes(u)),
      beforeImages,
      'the gallery keeps its old images',
    );
    assert.ok(added.length === 0 || added.length === 6, `all six new images or none (got ${added.length})`);
    // The restarted shop draws the variants of committed images in the background (each written
    // under a temporary name, then renamed): what counts is what is left once it is done.
    await folderSettled(uploadsDir());
    const newFiles = files().filter((f) => !beforeFiles.includes(f));
    t.diagnostic(`${added.length} new images in the gallery, ${newFiles.length} new files`);
    assert.deepEqual(
      newFiles.filter((f) => f.startsWith('.') || f.endsWith('.tmp')),
      [],
      'no partial (temporary) file is left in the uploads folder',
    );
    const addedStems = new Set(added.map((u) => stemOf(u.replace('/uploads/', ''))));
    assert.deepEqual(
      newFiles.filter((f) => !addedStems.has(stemOf(f))),
      [],
      'every new file in the uploads folder (original or variant) belongs to an image of the gallery',
    );
  });
});
