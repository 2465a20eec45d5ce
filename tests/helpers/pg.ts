import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { MIGRATIONS } from '../../migrations/index.ts';

/** The PostgreSQL leg: TEST_DATABASE_URL names a server database used to create per-file databases. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
/** Named by the migrations it holds, so runs of branches with other migrations on the same server do not share it. */
export const PG_TEMPLATE_DB = `shop_test_template_${createHash('sha256')
  .update(MIGRATIONS.map((m) => m.name).join(','))
  .digest('hex')
  .slice(0, 12)}`;

function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL not set');
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export const templateUrl = () => withDb(TEST_DATABASE_URL ?? '', PG_TEMPLATE_DB);

/** A fresh database copied from the migrated template (CREATE DATABASE ... TEMPLATE is a file copy). */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${PG_TEMPLATE_DB}`);
  return {
    url: withDb(TEST_DATABASE_URL ?? '', name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}
