import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDirOf } from '../../server/config.ts';
import { VARIANT_FORMATS, VARIANT_WIDTHS, variantUrl } from '../../shared/image-variants.ts';
import { backfillVariants, backfillVariantsInBackground, variantsIdle } from '../../src/media/backfill.ts';
import { MARKER_OWNER } from '../../src/media/file-store.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { image } from '../helpers/images.ts';
import { createTestApp } from '../helpers/test-app.ts';

let c: AdminApi;
let dir: string;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
  dir = uploadsDirOf(c.t.config);
});
afterAll(async () => {
  await c.t.close();
});

const uuidOf = (url: string) => url.slice('/uploads/'.length, '/uploads/'.length + 36);
/** Every file the folder holds for one stored image (original and variants). */
const filesOf = (url: string) => c.files().filter((f) => f.startsWith(uuidOf(url)));
const variantPaths = (url: string) => VARIANT_FORMATS.flatMap((f) => VARIANT_WIDTHS.map((w) => variantUrl(url, w, f) as string));
const widthOf = async (url: string) => (await sharp(join(dir, url.slice('/uploads/'.length))).metadata()).width;
const big = (bg = '#3366aa') => image('jpeg', bg, { width: 1500, height: 500 });

async function newProduct(title: string, file?: Buffer): Promise<{ id: number; images: string[] }> {
  const files = file ? [{ field: 'image', name: 'capa.jpg', data: file, type: 'image/jpeg' }] : [];
  return (await c.postForm('/api/products/create.php', { title, price: '10' }, files)).json().product;
}

describe('every stored image gets its AVIF and WebP variants', () => {
  it('a product image: every ladder width in both formats, never wider than the original', async () => {
    const p = await newProduct('Variantes', await big());
    const url = p.images[0] as string;
    expect(filesOf(url)).toHaveLength(1 + VARIANT_WIDTHS.length * VARIANT_FORMATS.length);
    for (const v of variantPaths(url)) expect(c.fileExists(v), v).toBe(true);
    expect(await widthOf(variantUrl(url, 320, 'avif') as string)).toBe(320);
    expect(await widthOf(variantUrl(url, 960, 'webp') as string)).toBe(960);
    // 1280 and 1920 are wider than the 1500 px original: both hold the original size.
    expect(await widthOf(variantUrl(url, 1280, 'webp') as string)).toBe(1280);
    expect(await widthOf(variantUrl(url, 1920, 'avif') as string)).toBe(1500);
    const served = await c.get(variantUrl(url, 640, 'avif') as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
  });

  it('a small image is never upscaled: every step holds its own size', async () => {
    const p = await newProduct('Pequena', await image('jpeg', '#aa3366', { width: 200, height: 100 }));
    const url = p.images[0] as string;
    for (const v of variantPaths(url)) expect(await widthOf(v), v).toBe(200);
  });

  it('pages draw the variants in srcset with sizes, width and height; only the LCP image is eager and preloaded', async () => {
    const p = await newProduct('Na pagina', await big('#22aa66'));
    const url = p.images[0] as string;
    const slug = (await c.get(`/api/products/get.php?id=${p.id}`)).json().slug;
    const html = (await c.get(`/produto/${slug}`)).body;
    expect(html).toContain(`srcSet="${variantUrl(url, 320, 'avif')} 320w`);
    expect(html).toContain(`${variantUrl(url, 1920, 'webp')} 1920w`);
    const img = /<img[^>]*class="[^"]*image[^"]*"[^>]*>/.exec(html.slice(html.indexOf('<main')))?.[0] ?? '';
    expect(img).toMatch(/width="\d+"/);
    expect(img).toMatch(/height="\d+"/);
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? '';
    expect(preload).toContain(`imagesrcset="${variantUrl(url, 320, 'avif')} 320w`);
    expect(preload).toContain('imagesizes="');
    expect(preload).toContain('fetchpriority="high"');
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf('<script'));
    // A card (the home's featured product) offers the steps a card can use, up to 960 px; the
    // preload of the home's LCP image (its first card, without a banner) names the very files of
    // that card's AVIF source.
    const home = (await c.get('/')).body;
    const avifOf = (markup: string) => /<source type="image\/avif" srcSet="([^"]+)"/.exec(markup)?.[1] ?? '';
    const card = home.slice(home.indexOf(`href="/produto/${slug}"`));
    expect(
      avifOf(card)
        .split(', ')
        .map((x) => x.split(' ')[1]),
    ).toEqual(['320w', '640w', '960w']);
    expect(card.slice(0, card.indexOf('</picture>'))).not.toContain('-1280.');
    const homePreload = /<link rel="preload" as="image"[^>]*>/.exec(home)?.[0] ?? '';
    expect(homePreload).toContain(`imagesrcset="${avifOf(home.slice(home.indexOf('<main')))}"`);
    // With a second photo the gallery has thumbnails: plain img elements, WebP at the steps an
    // 80 px thumbnail can use (320), no <picture>.
    const added = await c.postForm('/api/products/images/bulk_upload.php', { product_id: p.id }, [
      { field: 'files[]', name: 'b.jpg', data: await big('#2266aa'), type: 'image/jpeg' },
    ]);
    expect(added.statusCode).toBe(200);
    await variantsIdle();
    const gallery = (await c.get(`/produto/${slug}`)).body;
    const thumbs = [...gallery.matchAll(/<button [^>]*aria-label="Imagem \d+"[^>]*>(.*?)<\/button>/g)].map((m) => m[1] ?? '');
    expect(thumbs).toHaveLength(2);
    expect(thumbs[0]).toBe(
      `<img src="${url}" srcSet="${variantUrl(url, 320, 'webp')} 320w" sizes="80px" alt="" width="80" height="80" loading="lazy" decoding="async"/>`,
    );
    expect(html.match(/fetchPriority="high"/g)).toHaveLength(1);
  });

  it('deleting a gallery image removes its variants; deleting the product removes the rest', async () => {
    const p = await newProduct('Apagar', await big());
    await c.postForm('/api/products/images/bulk_upload.php', { product_id: p.id }, [
      { field: 'files[]', name: 'b.png', data: await image('png', '#123456', { width: 700, height: 700 }) },
    ]);
    const list = (await c.get(`/api/products/images/list.php?product_id=${p.id}`)).json().images as { id: number; url: string }[];
    const [first, second] = list;
    if (!first || !second) throw new Error('two images expected');
    expect((await c.post('/api/products/images/delete.php', { id: second.id })).statusCode).toBe(200);
    expect(filesOf(second.url)).toEqual([]);
    expect(filesOf(first.url)).toHaveLength(11);
    expect((await c.post('/api/products/delete.php', { id: p.id })).statusCode).toBe(200);
    expect(filesOf(first.url)).toEqual([]);
    expect(c.files().filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('replacing a banner image and deleting the banner remove the old variants', async () => {
    const created = await c.postForm('/api/banners/create.php', { title: 'B' }, [
      { field: 'image', name: 'b.jpg', data: await big(), type: 'image/jpeg' },
    ]);
    const banner = created.json().banner ?? created.json();
    const oldUrl: string = banner.image_url;
    expect(filesOf(oldUrl)).toHaveLength(11);
    const updated = await c.postForm('/api/banners/update.php', { id: banner.id }, [
      { field: 'image', name: 'c.jpg', data: await big('#aa0000'), type: 'image/jpeg' },
    ]);
    expect(updated.statusCode).toBe(200);
    const newUrl: string = (updated.json().banner ?? updated.json()).image_url;
    expect(filesOf(oldUrl)).toEqual([]);
    expect(filesOf(newUrl)).toHaveLength(11);
    const home = (await c.get('/')).body;
    expect(home).toContain(`imagesrcset="${variantUrl(newUrl, 320, 'avif')} 320w`);
    expect((await c.post('/api/banners/delete.php', { id: banner.id })).statusCode).toBe(200);
    expect(filesOf(newUrl)).toEqual([]);
  });

  it('replacing the logo removes the old logo variants; the header draws them', async () => {
    const send = async (bg: string) =>
      (
        await c.postForm('/settings/update.php', {}, [
          { field: 'logo', name: 'logo.png', data: await image('png', bg, { width: 400, height: 100 }) },
        ])
      ).json();
    await send('#111111');
    const first: string = (await c.get('/settings/get.php', true)).json().logo_url;
    expect(filesOf(first)).toHaveLength(11);
    await send('#222222');
    const second: string = (await c.get('/settings/get.php', true)).json().logo_url;
    expect(second).not.toBe(first);
    expect(filesOf(first)).toEqual([]);
    expect((await c.get('/')).body).toContain(`${variantUrl(second, 320, 'webp')} 320w`);
  });

  it('a variant not written yet redirects to its original and is written meanwhile', async () => {
    const p = await newProduct('Sem variante', await big('#335577'));
    const url = p.images[0] as string;
    const missing = variantUrl(url, 640, 'avif') as string;
    rmSync(join(dir, missing.slice('/uploads/'.length)));
    const res = await c.get(missing);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(url);
    await variantsIdle();
    expect((await c.get(missing)).statusCode).toBe(200);
    expect((await c.get('/uploads/0b8c1f7e-0000-4000-8000-000000000009-640.avif')).statusCode).toBe(404);
  });

  it('the one-off command gives images stored before variants existed their set, and changes nothing the second time', async () => {
    const url = (await newProduct('Antiga', await big('#999900'))).images[0] as string;
    // Another image lacks only its last variant: it is found too, and only it and the first get work.
    const other = (await newProduct('Quase completa', await big('#009999'))).images[0] as string;
    await variantsIdle();
    const variants = filesOf(url).filter((f) => f !== url.slice('/uploads/'.length));
    for (const v of variants) rmSync(join(dir, v));
    expect(filesOf(url)).toHaveLength(1);
    const lastVariant = filesOf(other).find((f) => f.endsWith(`-${VARIANT_WIDTHS.at(-1)}.webp`)) as string;
    rmSync(join(dir, lastVariant));
    const first = await backfillVariants(dir);
    expect(first.created).toBe(2);
    expect(first.failed).toEqual([]);
    expect(filesOf(url)).toHaveLength(11);
    expect(filesOf(other)).toHaveLength(11);
    const again = await backfillVariants(dir);
    expect(again.created).toBe(0);
    expect(again.images).toBe(first.images);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe("the start's backfill surveys the folder in a process of its own, at the lowest CPU priority", () => {
  /** The survey processes running now for `folder`, read from /proc. */
  const surveysOf = (folder: string) =>
    readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          const argv = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
          return argv.some((a) => a.includes('variants-survey-process')) && argv.includes(folder);
        } catch {
          return false;
        }
      })
      .map(Number);

  it('gives the originals lacking a variant their set, counts what it looked at, and runs at nice 19', async () => {
    const url = (await newProduct('Sem nenhuma', await big('#663399'))).images[0] as string;
    const other = (await newProduct('Falta uma', await big('#993366'))).images[0] as string;
    await variantsIdle();
    for (const v of filesOf(url).filter((f) => f !== url.slice('/uploads/'.length))) rmSync(join(dir, v));
    rmSync(join(dir, filesOf(other).find((f) => f.endsWith(`-${VARIANT_WIDTHS[0]}.avif`)) as string));

    const backfill = backfillVariantsInBackground(dir);
    // Started and lowered at once: node takes tens of milliseconds to start, so it is still there.
    const pids = surveysOf(dir);
    expect(pids).toHaveLength(1);
    expect(getPriority(pids[0])).toBe(19);
    const report = await backfill;
    expect(report.created).toBe(2);
    expect(report.failed).toEqual([]);
    expect(filesOf(url)).toHaveLength(11);
    expect(filesOf(other)).toHaveLength(11);
    expect(surveysOf(dir)).toEqual([]);
    // It looked at every original, as the pass in this process does, and the folder is complete.
    const inProcess = await backfillVariants(dir);
    expect(report.images).toBe(inProcess.images);
    expect(inProcess.created).toBe(0);
  });

  it('removes variants left without their original, not those whose image is in flight, moved aside or stored', async () => {
    const p = await newProduct('Com original', await big('#225533'));
    await variantsIdle();
    const kept = p.images[0] as string;
    const lone = (uuid: string) => [`${uuid}-320.webp`, `${uuid}-640.avif`, `${uuid}-2400.webp`];
    const gone = '0b8c1f7e-0000-4000-8000-0000000000e1';
    const uploading = '0b8c1f7e-0000-4000-8000-0000000000e2';
    const deleting = '0b8c1f7e-0000-4000-8000-0000000000e3';
    for (const n of [...lone(gone), ...lone(uploading), ...lone(deleting)]) writeFileSync(join(dir, n), 'x');
    writeFileSync(join(dir, `.${uploading}.uploading`), MARKER_OWNER);
    writeFileSync(join(dir, `.${deleting}.png.deleting`), 'x');

    const report = await backfillVariantsInBackground(dir);
    // Every width found is removed, not only today's ladder (2400 is none of it).
    expect(report.loneRemoved).toBe(3);
    const left = c.files();
    for (const n of lone(gone)) expect(left).not.toContain(n);
    for (const n of [...lone(uploading), ...lone(deleting), ...filesOf(kept)]) expect(left).toContain(n);
    expect(filesOf(kept)).toHaveLength(11);
    for (const n of [...lone(uploading), ...lone(deleting), `.${uploading}.uploading`, `.${deleting}.png.deleting`]) rmSync(join(dir, n));
  });

  it('a folder that cannot be read is an error the start can log', async () => {
    await expect(backfillVariantsInBackground(join(dir, 'nao-existe'))).rejects.toThrow(/variant survey .*nao-existe ended with code 1/);
  });
});
