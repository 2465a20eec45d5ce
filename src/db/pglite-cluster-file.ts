import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT } from '../runtime-files.ts';

/**
 * Where `npm run build` writes the embedded database's empty cluster (pglite-initial-cluster.ts
 * says why): named for the PGlite version that made it, since a cluster is only ever loaded by
 * the PGlite that wrote it. Apart from that module so the build's stamp (scripts/build-stamp.ts)
 * can name the file without loading PGlite.
 */
export function initialClusterFile(root = PROJECT_ROOT): string {
  return join(root, 'dist', `pglite-cluster-${pgliteVersion()}.tar.gz`);
}

/** The installed PGlite's version (its package.json is not among the package's exports). */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  for (let dir = dirname(entry); dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
  }
  throw new Error('the installed @electric-sql/pglite has no package.json');
}
