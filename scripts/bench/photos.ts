/**
 * Photos for the bench's generated catalogue: every product gets a gallery of `perProduct` photos
 * (`products.image_url` is the first, as the shop keeps it), as a merchant's shop has, with each original's full set of variants on disk
 * (shared/image-variants.ts), so the shop starts with nothing to encode and its pages read real
 * files (the `og:image` size of a page asked for the first time, the folder at start).
 *
 * The files are hard links to a few small images made once here (a 1200×1200 WebP original, one
 * AVIF and one WebP variant): what a page reads of them (a header) costs the same as of a real
 * photo, and 750,000 names take seconds to write instead of an hour of encoding. ext4 caps links
 * per file at 65,000, so each source serves at most LINKS_PER_SOURCE names.
 */
import { linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { VARIANT_FORMATS, VARIANT_WIDTHS } from '../../shared/image-variants.ts';
import { openDatabase } from '../../src/db/database.ts';

const LINKS_PER_SOURCE = 60_000;

/**
 * The stored name of photo `k` (0 = first) of product `id`: a uuid as random as an upload's (the
 * md5 of both numbers), so compression finds no more in a page's image addresses than in a real shop's.
 */
const UUID_SQL = (k: string) => {
  const h = `md5(id || '-' || ${k})`;
  return `substr(${h}, 1, 8) || '-' || substr(${h}, 9, 4) || '-4' || substr(${h}, 14, 3) || '-8' || substr(${h}, 18, 3) || '-' || substr(${h}, 21, 12)`;
};

/** A source file for each kind of name, renewed every LINKS_PER_SOURCE links. */
function sourcesIn(dir: string, bytes: Record<string, Buffer>): (kind: string) => string {
  const made = new Map<string, { path: string; links: number; n: number }>();
  return (kind) => {
    let s = made.get(kind);
    if (!s || s.links >= LINKS_PER_SOURCE) {
      const n = (s?.n ?? 0) + 1;
      const path = join(dir, `${kind}-${n}`);
      writeFileSync(path, bytes[kind] as Buffer);
      s = { path, links: 0, n };
      made.set(kind, s);
    }
    s.links++;
    return s.path;
  };
}

export async function seedPhotos(
  target: { kind: 'pglite'; dataDir: string } | { kind: 'postgresql'; url: string },
  uploadsDir: string,
  perProduct = 3,
): Promise<{ photos: number; files: number }> {
  const db = await openDatabase(target);
  let urls: string[];
  try {
    const conn = db.fork().getConnection();
    await conn.execute(`update products set image_url = '/uploads/' || ${UUID_SQL('0')} || '.webp'`);
    await conn.execute(`
      insert into product_images (product_id, url, position)
      select id, '/uploads/' || ${UUID_SQL('k')} || '.webp', k from products, generate_series(0, ${perProduct - 1}) k`);
    await conn.execute('analyze products');
    await conn.execute('analyze product_images');
    urls = ((await conn.execute('select url from product_images')) as { url: string }[]).map((r) => r.url);
  } finally {
    await db.close();
  }

  const photo = sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#c86b4a' } });
  const bytes: Record<string, Buffer> = {
    original: await photo.clone().webp({ quality: 60 }).toBuffer(),
    avif: await photo.clone().resize(320).avif({ quality: 40 }).toBuffer(),
    webp: await photo.clone().resize(320).webp({ quality: 60 }).toBuffer(),
  };
  mkdirSync(uploadsDir, { recursive: true });
  const sourceDir = join(uploadsDir, '..', 'bench-photo-sources');
  mkdirSync(sourceDir, { recursive: true });
  const source = sourcesIn(sourceDir, bytes);
  let files = 0;
  for (const url of urls) {
    const uuid = url.slice('/uploads/'.length, -'.webp'.length);
    linkSync(source('original'), join(uploadsDir, `${uuid}.webp`));
    for (const w of VARIANT_WIDTHS) {
      for (const f of VARIANT_FORMATS) linkSync(source(f), join(uploadsDir, `${uuid}-${w}.${f}`));
    }
    files += 1 + VARIANT_WIDTHS.length * VARIANT_FORMATS.length;
  }
  rmSync(sourceDir, { recursive: true, force: true });
  return { photos: urls.length, files };
}
