import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKUP_TABLES } from '../../src/backup/tables.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { createTestDatabase, TEST_DATABASE_URL } from './pg.ts';
import { ensurePgliteTemplate } from './template.ts';

export type Shop = { db: Database; uploadsDir: string; close: () => Promise<void> };

/** A fresh migrated shop with an uploads folder of its own: in-memory PGlite, or a new PostgreSQL database. */
export async function freshShop(kind: 'pglite' | 'postgresql'): Promise<Shop> {
  const uploadsDir = join(mkdtempSync(join(tmpdir(), 'shop-backup-')), 'uploads');
  mkdirSync(uploadsDir);
  if (kind === 'postgresql') {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL not set');
    const pg = await createTestDatabase();
    const db = await openDatabase({ kind: 'postgresql', url: pg.url });
    return {
      db,
      uploadsDir,
      close: async () => {
        await db.close();
        await pg.drop();
      },
    };
  }
  const db = await openDatabase({ kind: 'memory', loadDataDir: new Blob([readFileSync(await ensurePgliteTemplate())]) });
  return { db, uploadsDir, close: () => db.close() };
}

const exec = (db: Database, sql: string) => db.fork().getConnection().execute(sql);

/**
 * Content of every kind, with the values that trip serialisers: accents, quotes, backslashes,
 * newlines, emoji, numerics with cents, microsecond timestamps, nulls, gaps in the ids; and image
 * files (an original and its variants) named by the rows.
 */
export async function fillShop(shop: Shop): Promise<void> {
  await exec(
    shop.db,
    `update settings set site_title = 'Loja d''Água "Ção" \\ 😀', store_locked = false,
       store_unlock_password_hash = '$argon2id$v=19$segredo-da-loja', updated_at = '2026-01-02 03:04:05.123456+00'`,
  );
  await exec(
    shop.db,
    `insert into collections (id, name, slug, sort_order) values (3, 'Camisetas', 'camisetas', 1), (7, 'Canecas', 'canecas', 2)`,
  );
  await exec(
    shop.db,
    `insert into products (id, title, slug, description, price, old_price, image_url, collection_id, created_at)
     values (5, 'Camiseta ''Sol''', 'camiseta-sol', E'linha 1\\nlinha 2 \\\\ "aspas" ?', 49.90, 59.00, '/uploads/abc123.jpg', 3, '2026-03-04 05:06:07.654321+00'),
            (9, 'Caneca ☕', 'caneca', '', 25.00, null, '', 7, now())`,
  );
  await exec(shop.db, `insert into product_images (product_id, url, file_name, position) values (5, '/uploads/abc123.jpg', 'sol.jpg', 0)`);
  await exec(shop.db, `insert into slug_history (kind, slug, product_id) values ('product', 'camiseta-velha', 5)`);
  await exec(shop.db, `insert into banners (title, href, image_url) values ('Promo', '/colecao/camisetas', '/uploads/banner1.png')`);
  await exec(shop.db, `insert into top_headers (text) values ('Frete grátis acima de R$ 199')`);
  await exec(shop.db, `insert into footer_icons (image_url) values ('/uploads/pix.png')`);
  await exec(shop.db, `insert into footer_sections (id, title) values (2, 'Ajuda')`);
  await exec(shop.db, `insert into footer_links (section_id, label, url) values (2, 'Trocas', '/trocas')`);
  await exec(
    shop.db,
    `insert into reviews (product_id, reviewer_name, reviewer_city, rating, review_text) values (5, 'Zé', 'Goiânia', 5, 'Ótima!')`,
  );
  const files: Record<string, Buffer> = {
    'abc123.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0, 255]),
    'abc123-480.avif': Buffer.from('avif bytes'),
    'abc123-480.webp': Buffer.from('webp bytes'),
    'banner1.png': Buffer.alloc(70_000, 7),
    'pix.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  };
  for (const [name, data] of Object.entries(files)) writeFileSync(join(shop.uploadsDir, name), data);
  // A variant the same as a smaller one is stored as a hard link (src/media/file-store.ts).
  linkSync(join(shop.uploadsDir, 'abc123-480.webp'), join(shop.uploadsDir, 'abc123-960.webp'));
}

/** Every backed-up table's rows as the database's JSON text, in key order (columns in `drop` left out). */
export async function tableRows(db: Database, drop: string[] = []): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of BACKUP_TABLES) {
    const minus = drop.map((c) => ` - '${c}'`).join('');
    const rows = await db
      .fork()
      .getConnection()
      .execute<{ j: string }[]>(
        `select (to_jsonb(t)${minus})::text as j from "${t.name}" t order by ${t.key.map((k) => `t."${k}"`).join(', ')}`,
      );
    out[t.name] = rows.map((r: { j: string }) => r.j);
  }
  return out;
}

/** The folder's files (not dot files) and their bytes, base64. */
export function folderFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) out[name] = readFileSync(join(dir, name)).toString('base64');
  return out;
}
