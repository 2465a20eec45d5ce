import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDirOf } from '../../server/config.ts';
import type { BannerDto } from '../../shared/content.ts';
import { variantUrl } from '../../shared/image-variants.ts';
import { referencedUploads } from '../../src/media/references.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { fakePng, image, UPLOAD_URL } from '../helpers/images.ts';
import { formData } from '../helpers/multipart.ts';
import { createTestApp } from '../helpers/test-app.ts';

let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const desktop = (bg = '#003e64') => image('png', bg, { width: 900, height: 300 });
const phone = (bg = '#7a1f3d') => image('png', bg, { width: 700, height: 300 });
/** Every file the uploads folder holds for one stored image: its original and its 10 variants. */
const filesOf = (url: string) => {
  const id = /\/uploads\/([0-9a-f-]{36})\./.exec(url)?.[1] ?? 'none';
  return readdirSync(uploadsDirOf(c.t.config)).filter((f) => f.startsWith(id));
};
const list = async (): Promise<BannerDto[]> => (await c.get('/api/banners/list.php')).json();
const byId = async (id: number) => (await list()).find((b) => b.id === id);

describe('banner phone image (legacy .php)', () => {
  let banner: BannerDto;

  it('create.php stores an optional mobile_image with its variants; list.php answers mobile_image_url', async () => {
    const res = await c.postForm('/api/banners/create.php', { title: 'Com celular', sort_order: '0' }, [
      { field: 'image', name: 'desktop.png', data: await desktop() },
      { field: 'mobile_image', name: 'celular.png', data: await phone() },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, message: 'Banner criado!' });
    banner = res.json().banner;
    expect(banner.mobile_image_url).toMatch(UPLOAD_URL);
    expect(banner.mobile_image_url).not.toBe(banner.image_url);
    expect(filesOf(banner.mobile_image_url)).toHaveLength(11);
    expect(c.fileExists(variantUrl(banner.mobile_image_url, 640, 'avif') as string)).toBe(true);
    expect(await byId(banner.id)).toEqual(banner);
    // The start-up sweep and the audit keep it: a row points at it.
    expect(await referencedUploads(c.t.db.fork(), [banner.mobile_image_url])).toEqual(new Set([banner.mobile_image_url]));

    // Without one, the field is there and empty: old clients keep working.
    const plain = await c.postForm('/api/banners/create.php', { title: 'Sem celular' }, [
      { field: 'image', name: 'd.png', data: await desktop('#222222') },
    ]);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().banner.mobile_image_url).toBe('');
  });

  it('update.php replaces the phone image (old files removed) and keeps the desktop one', async () => {
    const old = banner.mobile_image_url;
    const res = await c.postForm(`/api/banners/update.php?id=${banner.id}`, {}, [
      { field: 'mobile_image', name: 'novo.png', data: await phone('#00aa55') },
    ]);
    expect(res.statusCode).toBe(200);
    const updated: BannerDto = res.json().banner;
    expect(updated.mobile_image_url).toMatch(UPLOAD_URL);
    expect(updated.mobile_image_url).not.toBe(old);
    expect(updated.image_url).toBe(banner.image_url);
    expect(filesOf(old)).toEqual([]);
    expect(filesOf(updated.mobile_image_url)).toHaveLength(11);
    banner = updated;
  });

  it('a bad phone file is refused by content and changes nothing', async () => {
    const before = { row: await byId(banner.id), files: c.files() };
    const res = await c.postForm(`/api/banners/update.php?id=${banner.id}`, { title: 'Não salva' }, [
      { field: 'mobile_image', name: 'mentira.png', data: fakePng },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'mentira.png: formato não permitido' });
    expect({ row: await byId(banner.id), files: c.files() }).toEqual(before);
  });

  it('update.php with remove_mobile_image=1 clears it and removes its files', async () => {
    const old = banner.mobile_image_url;
    const res = await c.postForm(`/api/banners/update.php?id=${banner.id}`, { remove_mobile_image: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().banner).toEqual({ ...banner, mobile_image_url: '' });
    expect(filesOf(old)).toEqual([]);
    expect(filesOf(banner.image_url)).toHaveLength(11);
  });
});

describe('banner phone image (tRPC banners.*)', () => {
  it('create, update and clear through FormData; delete removes both images', async () => {
    const created = await c.trpcForm(
      'banners.create',
      formData({ title: 'Via tRPC' }, [
        { field: 'image', name: 'd.png', data: await desktop('#445566') },
        { field: 'mobile_image', name: 'm.png', data: await phone('#665544') },
      ]),
    );
    expect(created.status).toBe(200);
    const banner: BannerDto = (await created.json()).result.data;
    expect(banner.mobile_image_url).toMatch(UPLOAD_URL);
    expect(await c.trpcQuery('banners.list')).toEqual(await list());

    const cleared = await c.trpcForm('banners.update', formData({ id: banner.id, remove_mobile_image: '1' }));
    expect((await cleared.json()).result.data).toEqual({ ...banner, mobile_image_url: '' });
    expect(filesOf(banner.mobile_image_url)).toEqual([]);

    const added = await c.trpcForm(
      'banners.update',
      formData({ id: banner.id }, [{ field: 'mobile_image', name: 'm2.png', data: await phone('#123123') }]),
    );
    const withPhone: BannerDto = (await added.json()).result.data;
    expect(withPhone.mobile_image_url).toMatch(UPLOAD_URL);
    expect((await c.trpcQuery('content.banners')).find((b: BannerDto) => b.id === banner.id)).toEqual(withPhone);

    expect((await c.trpcMutation('banners.delete', { id: banner.id })).statusCode).toBe(200);
    expect(filesOf(withPhone.mobile_image_url)).toEqual([]);
    expect(filesOf(withPhone.image_url)).toEqual([]);
  });
});

describe('home page with a phone image on the first banner (SSR)', () => {
  it('draws a <picture> whose phone sources come first, and preloads each image for its own viewport', async () => {
    const res = await c.postForm('/api/banners/create.php', { title: 'Primeiro', sort_order: '-1' }, [
      { field: 'image', name: 'd.png', data: await desktop('#abcdef') },
      { field: 'mobile_image', name: 'm.png', data: await phone('#fedcba') },
    ]);
    const banner: BannerDto = res.json().banner;
    const html = (await c.get('/')).body;
    const slide = /<picture[^>]*>(.*?)<\/picture>/s.exec(html.slice(html.indexOf('aria-roledescription="carrossel"')))?.[1] ?? '';
    const sources = [...slide.matchAll(/<source [^>]*>/g)].map((m) => m[0]);
    expect(sources).toHaveLength(4);
    expect(sources[0]).toContain('media="(max-width: 767px)"');
    expect(sources[0]).toContain('type="image/avif"');
    expect(sources[0]).toContain(`${variantUrl(banner.mobile_image_url, 320, 'avif')} 320w`);
    expect(sources[1]).toContain('media="(max-width: 767px)"');
    expect(sources[1]).toContain(`${variantUrl(banner.mobile_image_url, 320, 'webp')} 320w`);
    expect(sources[2]).not.toContain('media=');
    expect(sources[2]).toContain(`${variantUrl(banner.image_url, 320, 'avif')} 320w`);
    expect(slide).toMatch(/<img [^>]*fetchPriority="high"/);

    const preloads = [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
    expect(preloads).toHaveLength(2);
    const [mobile, wide] = preloads;
    expect(mobile).toContain('media="(max-width: 767px)"');
    expect(mobile).toContain(`imagesrcset="${variantUrl(banner.mobile_image_url, 320, 'avif')} 320w`);
    expect(wide).toContain('media="(min-width: 768px)"');
    expect(wide).toContain(`imagesrcset="${variantUrl(banner.image_url, 320, 'avif')} 320w`);
    for (const p of preloads) {
      expect(p).toContain('fetchpriority="high"');
      expect(html.indexOf(p)).toBeLessThan(html.indexOf('<script'));
    }
  });

  it('without a phone image: one source pair, one preload without media', async () => {
    const first = (await list())[0] as BannerDto;
    await c.postForm(`/api/banners/update.php?id=${first.id}`, { remove_mobile_image: '1' });
    const html = (await c.get('/')).body;
    const slide = /<picture[^>]*>(.*?)<\/picture>/s.exec(html.slice(html.indexOf('aria-roledescription="carrossel"')))?.[1] ?? '';
    expect([...slide.matchAll(/<source [^>]*>/g)]).toHaveLength(2);
    expect(slide).not.toContain('media=');
    const preloads = [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
    expect(preloads).toHaveLength(1);
    expect(preloads[0]).not.toContain('media=');
  });
});
