import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, normalize } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unpackArchive } from '../backup/archive.ts';
import { PROJECT_ROOT } from '../runtime-files.ts';

/**
 * The embedded database's empty cluster, made at build time so that a shop's first start does not
 * run PostgreSQL's initdb in the server process.
 *
 * PGlite creates a new data directory by starting a second PostgreSQL (WebAssembly) in memory
 * beside the one that will serve, running initdb in a third module, dumping the result as a tar
 * and unpacking it into the directory. All three are alive at once: measured 2026-11-29 (PGlite
 * 0.5.8, the server's flags), PGlite.create on a new directory peaked at 567-571 MB of resident
 * memory, and the shop's first start with the demo seed at 600 MB, against the 400 MB the shop
 * allows itself at any moment (issue 16) and the 512 MB of a small container. Here the start
 * unpacks the tar PGlite's own `dumpDataDir` wrote at build time (the same step PGlite ends its
 * initdb with) and PGlite then resumes the directory as on any restart.
 *
 * `npm run build` writes the tar (scripts/pglite-cluster.ts: a throwaway in-memory PGlite, about
 * 4.5 MB gzipped) into dist/, named for the PGlite version that made it: a cluster is only ever
 * loaded by the PGlite that wrote it. Without the file (sources run without a build, another
 * PGlite) the start falls back to PGlite's own initdb, as before.
 */

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

/** Where the build writes the empty cluster for the installed PGlite. */
export function initialClusterFile(root = PROJECT_ROOT): string {
  return join(root, 'dist', `pglite-cluster-${pgliteVersion()}.tar.gz`);
}

/**
 * Unpacks the build's empty cluster into `clusterDir` when that directory is missing or empty and
 * the build made one for this PGlite; true when it did. Unpacked beside it first and then renamed
 * into place, so a start stopped halfway (killed, out of disk) leaves no half cluster that the next
 * start would take for a database: it unpacks again. Anything else (a database, or a folder with
 * other content) is left to PGlite, which resumes it or runs its own initdb. The caller holds the
 * data directory's lock (data-dir-lock.ts).
 */
export async function unpackInitialCluster(clusterDir: string, file = initialClusterFile()): Promise<boolean> {
  if (!existsSync(file) || (existsSync(clusterDir) && readdirSync(clusterDir).length > 0)) return false;
  const partial = `${clusterDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  // PGlite's tar names its entries from the cluster's root ('/PG_VERSION', '/base/1/112').
  await unpackArchive(
    createReadStream(file),
    partial,
    (name) => {
      const rel = normalize(name.replace(/^\/+/, ''));
      if (rel === '.' || rel.startsWith('..') || isAbsolute(rel)) return null;
      mkdirSync(dirname(join(partial, rel)), { recursive: true });
      return rel;
    },
    { folders: true },
  );
  rmSync(clusterDir, { recursive: true, force: true });
  renameSync(partial, clusterDir);
  return true;
}

/** Makes the empty cluster with a throwaway in-memory PGlite and writes it to `file` (the build's step). */
export async function writeInitialCluster(file = initialClusterFile()): Promise<number> {
  const pg = await PGlite.create();
  try {
    const tar = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
    // Written whole or not at all: a cut-off tar would fail every first start that read it.
    writeFileSync(`${file}.partial`, tar);
    renameSync(`${file}.partial`, file);
    return tar.length;
  } finally {
    await pg.close();
  }
}
