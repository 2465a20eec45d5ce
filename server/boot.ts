import { mkdir } from 'node:fs/promises';
import { ensureInitialAdmin } from '../src/auth/auth.service.ts';
import type { Logger } from '../src/context.ts';
import { type Database, type DatabaseTarget, openDatabase } from '../src/db/database.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { type AppConfig, uploadsDirOf } from './config.ts';

export function databaseTarget(config: AppConfig): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgresql', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir };
}

/**
 * Opens the database, applies pending migrations, creates the first admin and, on an empty shop,
 * the demo catalogue. Everything the process needs before it accepts requests.
 */
export async function prepareDatabase(config: AppConfig, log: Logger, print: (line: string) => void): Promise<Database> {
  await mkdir(uploadsDirOf(config), { recursive: true });
  const db = await openDatabase(databaseTarget(config));
  try {
    const applied = await db.migrate();
    if (applied.length) log.info({ applied }, 'migrations applied');
    await ensureInitialAdmin(db.fork(), config.admin, log, print);
    if (config.seedDemo && (await seedDemo(db.fork(), uploadsDirOf(config), log))) log.info('demo catalogue created');
    return db;
  } catch (e) {
    await db.close();
    throw e;
  }
}
