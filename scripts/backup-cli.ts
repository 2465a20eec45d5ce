/** What the backup and restore commands share: their arguments, the database and the ending. */
import { parseArgs } from 'node:util';
import { databaseTarget } from '../server/boot.ts';
import { loadConfig, uploadsDirOf } from '../server/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { isAppError } from '../src/errors.ts';

export type Command = { file: string; flags: Record<string, boolean>; db: Database; uploadsDir: string };

/**
 * Reads `<file>` and the flags, opens the shop's database as the server does (DATABASE_URL, or
 * PGlite under DATA_DIR: stop the server first, it holds PGlite's folder), runs `body`, closes.
 * A refusal prints its message and exits 1.
 */
export async function runCommand(usage: string, flags: string[], body: (c: Command) => Promise<string>): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: Object.fromEntries(flags.map((f) => [f, { type: 'boolean' as const, default: false }])),
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  let db: Database | null = null;
  try {
    db = await openDatabase(databaseTarget(config), { info: (msg) => console.error(msg) });
    console.log(await body({ file, flags: values as Record<string, boolean>, db, uploadsDir: uploadsDirOf(config) }));
  } catch (e) {
    console.error(isAppError(e) || e instanceof Error ? e.message : e);
    process.exitCode = 1;
  } finally {
    await db?.close();
  }
}
