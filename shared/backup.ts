import { z } from 'zod';

/**
 * The shop's backup archive (`npm run backup`, admin 'Backup'): a gzipped tar holding
 * `manifest.json`, one JSON-lines file per table under `db/` and every file of the uploads folder
 * under `uploads/`. BACKUP_FORMAT_VERSION changes when an older restore could not read the archive.
 */
export const BACKUP_FORMAT = 'loja-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** The download's file name: `loja-backup-2026-11-25T13-49-53Z.tar.gz`. */
export const backupFileName = (at: Date): string =>
  `loja-backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;

/** Largest archive the admin accepts for a restore (the command line has no limit). */
export const BACKUP_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/** Refusals, in the shop's Portuguese; the command line prints them too. */
export const BACKUP_MESSAGES = {
  notAnArchive: 'O arquivo não é um backup da loja (tar.gz com manifest.json).',
  unsupportedFormat: 'Versão de backup não suportada por esta versão da loja.',
  corrupted: 'Backup corrompido: o conteúdo não confere com o manifesto.',
  unknownTable: 'O backup traz uma tabela ou coluna que esta versão da loja não conhece.',
  notEmpty:
    'A loja não está vazia (já tem produtos, coleções, banners ou outro conteúdo). Restaure apenas numa loja vazia, ou use --force na linha de comando para apagar tudo antes.',
  tooLarge: 'O backup é grande demais para enviar pelo painel. Use npm run restore na linha de comando.',
} as const;

/** What the admin's Backup section needs to know: a restore is offered only to an empty shop. */
export const ZBackupStatus = z.object({ empty: z.boolean() });
export type BackupStatus = z.infer<typeof ZBackupStatus>;

/** The answer of a restore from the admin. */
export type RestoreResult = { ok: true; rows: number; files: number; createdAt: string; full: boolean };
