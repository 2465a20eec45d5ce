import { z } from 'zod';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BACKUP_MESSAGES } from '../../shared/backup.ts';
import { AppError } from '../errors.ts';

const ZFile = z.object({ size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
const ZTable = z.object({ file: z.string(), rows: z.number().int().min(0), columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)) });

/** What `manifest.json` says of an archive. */
export const ZManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  createdAt: z.string(),
  /** The kind of database the backup was read from: `pglite` or `postgresql`. */
  database: z.enum(['pglite', 'postgresql']),
  /** A full backup also carries admin users (with password hashes), sessions and sign-in throttling. */
  full: z.boolean(),
  /** The schema the rows were read from (the destination's migrations need not be the same). */
  migrations: z.array(z.string()),
  tables: z.record(z.string(), ZTable),
  files: z.record(z.string(), ZFile),
});
export type Manifest = z.infer<typeof ZManifest>;

export const MANIFEST_NAME = 'manifest.json';
export const tableFile = (table: string) => `db/${table}.jsonl`;
export const UPLOADS_PREFIX = 'uploads/';

/** Names an archive may hold: anything else is refused before a file is written. */
export const ENTRY_NAME = /^(manifest\.json|db\/[a-z_]+\.jsonl|uploads\/[A-Za-z0-9][A-Za-z0-9_.-]*)$/;

/** Reads and checks manifest.json's text: the format and its version first, then its shape. */
export function parseManifest(text: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', BACKUP_MESSAGES.notAnArchive);
  }
  const head = z.object({ format: z.literal(BACKUP_FORMAT), formatVersion: z.number() }).safeParse(raw);
  if (!head.success) throw new AppError('BAD_REQUEST', BACKUP_MESSAGES.notAnArchive);
  if (head.data.formatVersion !== BACKUP_FORMAT_VERSION) throw new AppError('BAD_REQUEST', BACKUP_MESSAGES.unsupportedFormat);
  const parsed = ZManifest.safeParse(raw);
  if (!parsed.success) throw new AppError('BAD_REQUEST', BACKUP_MESSAGES.corrupted);
  return parsed.data;
}
