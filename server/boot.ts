import { mkdir } from 'node:fs/promises';
import { ensureInitialAdmin } from '../src/auth/auth.service.ts';
import { finishInterruptedRestores } from '../src/backup/files.ts';
import type { Logger } from '../src/context.ts';
import { type Database, type DatabaseTarget, openDatabase } from '../src/db/database.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { backfillVariantsInBackground } from '../src/media/backfill.ts';
import { sweepUploads } from '../src/media/file-store.ts';
import { referencedUploads } from '../src/media/references.ts';
import { sweepStaging } from '../src/media/staging.ts';
import { type AppConfig, uploadsDirOf } from './config.ts';

export function databaseTarget(config: AppConfig): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgresql', url: config.databaseUrl, pool: config.pool }
    : { kind: 'pglite', dataDir: config.dataDir };
}

/**
 * Opens the database, applies pending migrations, creates the first admin and, on an empty shop,
 * the demo catalogue. Everything the process needs before it accepts requests.
 */
export async function prepareDatabase(config: AppConfig, log: Logger, print: (line: string) => void): Promise<Database> {
  await mkdir(uploadsDirOf(config), { recursive: true });
  const db = await openDatabase(databaseTarget(config), { info: (msg) => log.info(msg), warn: (msg) => log.warn(msg) });
  try {
    const applied = await db.migrate();
    if (applied.length) log.info({ applied }, 'migrations applied');
    await ensureInitialAdmin(db.fork(), config.admin, log, print);
    // Puts in place the images of a restore a crash cut after its commit (src/backup/files.ts).
    const restored = await finishInterruptedRestores(uploadsDirOf(config));
    if (restored) log.info({ restored }, 'images of an interrupted restore put in place');
    // Ends uploads and deletions a crash interrupted (src/media/file-store.ts).
    const swept = await sweepUploads(uploadsDirOf(config), (urls) => referencedUploads(db.fork(), urls));
    if (Object.values(swept).some((n) => n > 0)) log.info({ swept }, 'uploads folder swept');
    // Upload files a crash left half-received or half-processed (src/media/staging.ts).
    const staged = await sweepStaging(uploadsDirOf(config));
    if (staged) log.info({ staged }, 'upload staging area swept');
    if (config.seedDemo && (await seedDemo(db.fork(), uploadsDirOf(config), { log }))) log.info('demo catalogue created');
    // Images stored before variants existed get theirs in the background, at low priority (npm run images:variants does it at once);
    // variants whose original is gone are removed then.
    void backfillVariantsInBackground(uploadsDirOf(config)).then(
      (r) => {
        if (r.created) log.info({ variants: r }, 'image variants created');
        if (r.loneRemoved) log.info({ removed: r.loneRemoved }, 'variants without their original removed');
      },
      (e: unknown) => log.warn({ err: e }, 'image variants not created'),
    );
    return db;
  } catch (e) {
    await db.close();
    throw e;
  }
}
