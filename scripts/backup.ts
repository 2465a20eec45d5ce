/**
 * `npm run backup -- <file> [--full]`: the whole shop (every table's rows, every file of the
 * uploads folder but the image variants, which a restore makes again) into one .tar.gz with a manifest. `--full` also carries admin users with their
 * password hashes, sessions and sign-in throttling (the manifest says `"full": true`).
 */
import { resolve } from 'node:path';
import { writeBackupFile } from '../src/backup/backup.service.ts';
import { runCommand } from './backup-cli.ts';

await runCommand('uso: npm run backup -- <arquivo.tar.gz> [--full]', ['full'], async ({ file, flags, db, uploadsDir }) => {
  const m = await writeBackupFile({ em: db.fork(), uploadsDir, databaseKind: db.kind, full: flags.full }, resolve(file));
  const rows = Object.values(m.tables).reduce((n, t) => n + t.rows, 0);
  const images = Object.keys(m.files).filter((n) => n.startsWith('uploads/')).length;
  return `${resolve(file)}: ${rows} linha(s) de ${Object.keys(m.tables).length} tabela(s), ${images} arquivo(s) de imagem${m.full ? ' (completo: com usuários, senhas e sessões)' : ''}`;
});
