/**
 * `npm run restore -- <file> [--force]`: brings a backup back into an empty shop (migrating the
 * database first if needed). `--force` replaces a shop that has content. All or nothing: the
 * archive is checked (format version, every file's SHA-256) before anything changes.
 */
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { restoreBackup } from '../src/backup/restore.service.ts';
import { runCommand } from './backup-cli.ts';

await runCommand('uso: npm run restore -- <arquivo.tar.gz> [--force]', ['force'], async ({ file, flags, db, uploadsDir }) => {
  const archive = await open(resolve(file)).catch(() => {
    throw new Error(`Arquivo não encontrado ou ilegível: ${resolve(file)}`);
  });
  await db.migrate();
  const r = await restoreBackup({ em: db.fork(), uploadsDir, force: flags.force }, archive.createReadStream());
  return `Backup de ${r.manifest.createdAt} (${r.manifest.database}, versão ${r.manifest.appVersion}) restaurado: ${r.rows} linha(s), ${r.files} arquivo(s) de imagem`;
});
