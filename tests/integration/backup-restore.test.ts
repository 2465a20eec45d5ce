import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES } from '../../shared/backup.ts';
import { VARIANT_FORMATS, VARIANT_WIDTHS } from '../../shared/image-variants.ts';
import { ensureInitialAdmin } from '../../src/auth/auth.service.ts';
import { writeBackupFile } from '../../src/backup/backup.service.ts';
import { finishInterruptedRestores } from '../../src/backup/files.ts';
import { restoreBackup } from '../../src/backup/restore.service.ts';
import { variantsIdle } from '../../src/media/backfill.ts';
import { fillShop, folderFiles, freshShop, type Shop, tableRows } from '../helpers/backup.ts';
import { dbSnapshot } from '../helpers/db-snapshot.ts';
import { TEST_DATABASE_URL } from '../helpers/pg.ts';
import { silentLog } from '../helpers/test-app.ts';

const opened: Shop[] = [];
async function shop(kind: 'pglite' | 'postgresql' = 'pglite'): Promise<Shop> {
  const s = await freshShop(kind);
  opened.push(s);
  return s;
}
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

const workDir = () => mkdtempSync(join(tmpdir(), 'backup-file-'));

async function backup(s: Shop, full = false): Promise<string> {
  const file = join(workDir(), 'loja.tar.gz');
  await writeBackupFile({ em: s.db.fork(), uploadsDir: s.uploadsDir, databaseKind: s.db.kind, full }, file);
  return file;
}
const restore = (s: Shop, file: string, force = false) =>
  restoreBackup({ em: s.db.fork(), uploadsDir: s.uploadsDir, force }, createReadStream(file));

/** Backs `from` up and restores into `to`: every row (but the unlock hash) and every file the same. */
async function roundTrip(from: Shop, to: Shop): Promise<void> {
  const report = await restore(to, await backup(from));
  expect(report.files).toBe(6);
  const drop = ['store_unlock_password_hash'];
  const [src, dst] = [await tableRows(from.db, drop), await tableRows(to.db, drop)];
  for (const t of ['settings', 'collections', 'products', 'product_images', 'slug_history', 'banners', 'reviews', 'footer_links']) {
    expect(dst[t], t).toEqual(src[t]);
    expect(dst[t]?.length, t).toBeGreaterThan(0);
  }
  expect(JSON.stringify(dst)).toBe(JSON.stringify({ ...src, admin_users: dst.admin_users, sessions: [], auth_throttle: [] }));
  expect(folderFiles(to.uploadsDir)).toEqual(folderFiles(from.uploadsDir));
}

describe('backup and restore', () => {
  it('PGlite → archive → fresh PGlite: every row and every image byte-identical, sequences past the ids', async () => {
    const a = await shop();
    await fillShop(a);
    const b = await shop();
    await roundTrip(a, b);
    const conn = b.db.fork().getConnection();
    const [p] = await conn.execute<{ id: number }[]>(`insert into products (title, slug, price) values ('Nova', 'nova', 1) returning id`);
    expect(p?.id).toBe(10);
    const [c] = await conn.execute<{ id: number }[]>(`insert into collections (name, slug) values ('N', 'n') returning id`);
    expect(c?.id).toBe(8);
  });

  it('leaves the variants out (derived files); a restore keeps those of the originals it brings back and makes the missing ones', async () => {
    const a = await shop();
    const uuid = '0b8c1f7e-0000-4000-8000-000000000001';
    const other = '0b8c1f7e-0000-4000-8000-000000000002';
    const photo = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(a.uploadsDir, `${uuid}.jpg`), photo);
    writeFileSync(join(a.uploadsDir, `${uuid}-320.avif`), 'avif 320');
    writeFileSync(join(a.uploadsDir, `${uuid}-320.webp`), 'webp 320');
    const file = await backup(a);
    const dir = workDir();
    untar(file, dir);
    expect(readdirSync(join(dir, 'uploads'))).toEqual([`${uuid}.jpg`]);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { files: Record<string, unknown> };
    expect(Object.keys(manifest.files).filter((n) => n.startsWith('uploads/'))).toEqual([`uploads/${uuid}.jpg`]);

    const variants = (id: string) => VARIANT_FORMATS.flatMap((f) => VARIANT_WIDTHS.map((w) => `${id}-${w}.${f}`));
    // Into a shop that holds this image's variants and another image's: with force, the other's go
    // and these stay as they are (nothing to make again).
    const b = await shop();
    await fillShop(b);
    for (const v of variants(uuid)) writeFileSync(join(b.uploadsDir, v), `kept ${v}`);
    writeFileSync(join(b.uploadsDir, `${other}-320.webp`), 'stale');
    expect((await restore(b, file, true)).files).toBe(1);
    await variantsIdle();
    const names = readdirSync(b.uploadsDir).filter((n) => !n.startsWith('.'));
    expect(names).not.toContain(`${other}-320.webp`);
    for (const v of variants(uuid)) expect(readFileSync(join(b.uploadsDir, v), 'utf8')).toBe(`kept ${v}`);

    // Into an empty shop: the original, and its variants made in the background.
    const c = await shop();
    expect((await restore(c, file)).files).toBe(1);
    await variantsIdle();
    expect(
      readdirSync(c.uploadsDir)
        .filter((n) => n.startsWith(uuid))
        .sort(),
    ).toEqual([`${uuid}.jpg`, ...variants(uuid)].sort());
  });

  it.skipIf(!TEST_DATABASE_URL)('PGlite → archive → PostgreSQL → archive → PGlite gives the same shop', async () => {
    const a = await shop('pglite');
    await fillShop(a);
    const b = await shop('postgresql');
    await roundTrip(a, b);
    const c = await shop('pglite');
    await roundTrip(b, c);
  });
});

const untar = (file: string, dir: string) => execFileSync('tar', ['xzf', file, '-C', dir]);

/** Unpacks an archive, lets `change` alter its files, packs it again (the manifest as it was, unless changed). */
async function tampered(file: string, change: (dir: string) => void): Promise<string> {
  const dir = workDir();
  untar(file, dir);
  change(dir);
  const out = join(workDir(), 'tampered.tar.gz');
  // Packed again by the system's tar: './' names and folder entries, as a person repacking would make.
  execFileSync('tar', ['czf', out, '-C', dir, '.']);
  return out;
}

/** The shop's rows and files, to show that a refused restore changed nothing. */
const state = async (s: Shop) => JSON.stringify([await dbSnapshot(s.db), await tableRows(s.db), folderFiles(s.uploadsDir)]);

describe('a restore that cannot complete changes nothing', () => {
  it('an image whose bytes differ from the manifest (bad SHA-256): refused before anything changes', async () => {
    const a = await shop();
    await fillShop(a);
    const bad = await tampered(await backup(a), (dir) => writeFileSync(join(dir, 'uploads', 'pix.png'), 'PNG!'));
    const b = await shop();
    const before = await state(b);
    await expect(restore(b, bad)).rejects.toThrow(BACKUP_MESSAGES.corrupted);
    expect(await state(b)).toBe(before);
    expect(readdirSync(join(b.uploadsDir, '..')).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('a table file edited, an unknown format version, a file not in the manifest, not an archive: each refused', async () => {
    const a = await shop();
    await fillShop(a);
    const file = await backup(a);
    const b = await shop();
    const before = await state(b);
    const rowsEdited = await tampered(file, (dir) => {
      const path = join(dir, 'db', 'products.jsonl');
      writeFileSync(path, readFileSync(path, 'utf8').replace('49.90', '0.01'));
    });
    await expect(restore(b, rowsEdited)).rejects.toThrow(BACKUP_MESSAGES.corrupted);
    const future = await tampered(file, (dir) => {
      const path = join(dir, 'manifest.json');
      writeFileSync(path, readFileSync(path, 'utf8').replace('"formatVersion": 1', '"formatVersion": 99'));
    });
    await expect(restore(b, future)).rejects.toThrow(BACKUP_MESSAGES.unsupportedFormat);
    const extra = await tampered(file, (dir) => writeFileSync(join(dir, 'uploads', 'intruso.png'), 'x'));
    await expect(restore(b, extra)).rejects.toThrow(BACKUP_MESSAGES.corrupted);
    const junk = join(workDir(), 'junk.tar.gz');
    writeFileSync(junk, 'not a tar file at all');
    await expect(restore(b, junk)).rejects.toThrow(BACKUP_MESSAGES.notAnArchive);
    expect(await state(b)).toBe(before);
  });

  it('into a shop that has content: refused (409) and nothing changes; with force the shop is replaced', async () => {
    const a = await shop();
    await fillShop(a);
    const file = await backup(a);
    const b = await shop();
    await b.db.fork().getConnection().execute(`insert into products (id, title, slug, price) values (77, 'Outro', 'outro', 1)`);
    writeFileSync(join(b.uploadsDir, 'antiga.png'), 'old');
    const before = await state(b);
    await expect(restore(b, file)).rejects.toMatchObject({ kind: 'CONFLICT', message: BACKUP_MESSAGES.notEmpty });
    expect(await state(b)).toBe(before);
    await restore(b, file, true);
    expect((await tableRows(b.db)).products).toEqual((await tableRows(a.db)).products);
    expect(folderFiles(b.uploadsDir)).toEqual(folderFiles(a.uploadsDir));
  });
});

describe('password hashes and sessions', () => {
  it('are absent from an ordinary backup and present in a full one, whose manifest says so', async () => {
    const a = await shop();
    await fillShop(a);
    await ensureInitialAdmin(a.db.fork(), { username: 'dona', password: 'senha-da-dona-1' }, silentLog, () => {});
    const [hash] = await a.db.fork().getConnection().execute<{ h: string }[]>('select password_hash as h from admin_users');
    const text = async (file: string) => {
      const dir = workDir();
      untar(file, dir);
      const names = readdirSync(join(dir, 'db')).map((n) => `db/${n}`);
      return {
        names,
        all: names.map((n) => readFileSync(join(dir, n), 'utf8')).join('\n'),
        manifest: JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')),
      };
    };
    const plain = await text(await backup(a));
    expect(plain.manifest.full).toBe(false);
    expect(plain.names).not.toContain('db/admin_users.jsonl');
    expect(plain.names).not.toContain('db/sessions.jsonl');
    expect(plain.all).not.toContain(hash?.h);
    expect(plain.all).not.toContain('password_hash');
    expect(plain.all).not.toContain('segredo-da-loja');
    const full = await text(await backup(a, true));
    expect(full.manifest.full).toBe(true);
    expect(full.manifest.tables.admin_users.rows).toBe(1);
    expect(full.all).toContain(JSON.stringify(hash?.h));
    expect(full.all).toContain('segredo-da-loja');
  });

  it('a full backup restores the admin users with their hashes', async () => {
    const a = await shop();
    await fillShop(a);
    await ensureInitialAdmin(a.db.fork(), { username: 'dona', password: 'senha-da-dona-1' }, silentLog, () => {});
    const b = await shop();
    await restore(b, await backup(a, true));
    expect(await tableRows(b.db)).toEqual(await tableRows(a.db));
  });
});

describe('a restore that fails inside its transaction', () => {
  it('rolls every row back and leaves no image behind (a row the database refuses, hashes valid)', async () => {
    const a = await shop();
    await fillShop(a);
    const bad = await tampered(await backup(a), (dir) => {
      const path = join(dir, 'db', 'reviews.jsonl');
      const text = readFileSync(path, 'utf8').replace('"rating": 5', '"rating": 9');
      writeFileSync(path, text);
      const manifestPath = join(dir, 'manifest.json');
      const m = JSON.parse(readFileSync(manifestPath, 'utf8'));
      m.files['db/reviews.jsonl'] = { size: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('hex') };
      writeFileSync(manifestPath, JSON.stringify(m));
    });
    const b = await shop();
    const before = await state(b);
    await expect(restore(b, bad)).rejects.toThrow();
    expect(await state(b)).toBe(before);
    expect(readdirSync(b.uploadsDir)).toEqual([]);
  });
});

describe('a large catalogue', () => {
  it('5,000 products with 10,000 images rows and reviews go through in pages, every row the same', async () => {
    const a = await shop();
    await fillShop(a);
    const conn = a.db.fork().getConnection();
    await conn.execute(
      `insert into products (id, title, slug, description, price, collection_id)
       select 100 + i, 'Produto ' || i, 'produto-' || i, repeat('descrição ', 50), (i % 500) + 0.99, 3 from generate_series(1, 5000) i`,
    );
    await conn.execute(
      `insert into product_images (product_id, url, position) select 100 + (i % 5000) + 1, '/uploads/abc123.jpg', i from generate_series(0, 9999) i`,
    );
    await conn.execute(
      `insert into reviews (product_id, reviewer_name, rating) select 100 + i, 'Cliente ' || i, 1 + i % 5 from generate_series(1, 5000) i`,
    );
    const file = await backup(a);
    const b = await shop();
    const report = await restore(b, file);
    expect(report.rows).toBeGreaterThan(20_000);
    const drop = ['store_unlock_password_hash'];
    const [src, dst] = [await tableRows(a.db, drop), await tableRows(b.db, drop)];
    expect(dst.products?.length).toBe(5002);
    expect(dst.product_images?.length).toBe(10_001);
    expect(dst).toEqual(src);
  }, 120_000);
});

describe('a restore cut by a crash after its commit', () => {
  it('gets its images put in place at the next start', async () => {
    const dir = join(workDir(), 'uploads');
    mkdirSync(dir);
    writeFileSync(join(dir, '.abc123.jpg.restore'), 'imagem');
    writeFileSync(join(dir, 'outra.png'), 'fica');
    expect(await finishInterruptedRestores(dir)).toBe(1);
    expect(folderFiles(dir)).toEqual({
      'abc123.jpg': Buffer.from('imagem').toString('base64'),
      'outra.png': Buffer.from('fica').toString('base64'),
    });
  });
});
