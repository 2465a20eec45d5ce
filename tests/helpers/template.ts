import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MIGRATIONS } from '../../migrations/index.ts';
import { openDatabase } from '../../src/db/database.ts';

const root = resolve(import.meta.dirname, '..', '..');
const migrationsDir = join(root, 'migrations');

/** A key that changes whenever a migration file changes, so a stale template is never reused. */
function migrationsKey(): string {
  const h = createHash('sha256');
  for (const m of MIGRATIONS) h.update(m.name).update(readFileSync(join(migrationsDir, `${m.name}.ts`)));
  return h.digest('hex').slice(0, 16);
}

export const templateFile = () => join(root, 'node_modules', '.cache', 'shop-tests', `pglite-${migrationsKey()}.tgz`);

/**
 * PGlite's initdb takes seconds; migrating once and dumping the data directory lets every test
 * file start its own in-memory database from the snapshot in well under a second.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = templateFile();
  if (existsSync(file)) return file;
  mkdirSync(join(file, '..'), { recursive: true });
  const db = await openDatabase({ kind: 'memory' });
  try {
    await db.migrate();
    const blob = await db.dump();
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    renameSync(tmp, file);
  } finally {
    await db.close();
  }
  return file;
}
