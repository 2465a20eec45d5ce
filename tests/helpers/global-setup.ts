import { openDatabase } from '../../src/db/database.ts';
import { adminQuery, PG_TEMPLATE_DB, TEST_DATABASE_URL, templateUrl } from './pg.ts';
import { ensurePgliteTemplate } from './template.ts';

/** Runs once per test run: a migrated PGlite snapshot, and with TEST_DATABASE_URL a migrated template database. */
export default async function setup(): Promise<void> {
  await ensurePgliteTemplate();
  if (!TEST_DATABASE_URL) return;
  await adminQuery(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
  await adminQuery(`create database ${PG_TEMPLATE_DB}`);
  const db = await openDatabase({ kind: 'postgresql', url: templateUrl() });
  try {
    await db.migrate();
  } finally {
    await db.close();
  }
}
