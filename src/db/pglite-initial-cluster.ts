import {
  closeSync,
  createReadStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unpackArchive } from '../backup/archive.ts';
import { initialClusterFile } from './pglite-cluster-file.ts';

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
 * 4.5 MB gzipped) into dist/, named for the PGlite version that made it (pglite-cluster-file.ts).
 * Without the file (sources run without a build, another PGlite) the start falls back to PGlite's
 * own initdb, as before.
 */

/** A PostgreSQL data directory's own top-level names. */
const CLUSTER_ENTRY = /^(PG_VERSION|base|global|pg_[a-z_]+|postgresql(\.auto)?\.conf|pg_(hba|ident)\.conf|postmaster\.(pid|opts))$/;
/** Where the cluster is unpacked first: inside the cluster's folder, so that moving it into place never crosses file systems (the folder may be a mount point of its own). */
const UNPACKING = '.initial-cluster.partial';

/**
 * Unpacks the build's empty cluster into `clusterDir` when that folder holds no database yet and
 * the build made one for this PGlite; true when it did. The tar is unpacked into a folder inside
 * `clusterDir`, every file and folder flushed to the disk, then its entries are moved up into
 * `clusterDir` with PG_VERSION last, so a start stopped at any point (killed, out of disk, the
 * power cut) leaves no folder that the next start would take for a database: it unpacks again
 * over what is there. `clusterDir` itself is never replaced (it may be a mount point or a
 * symbolic link). A folder with content of another kind is left to PGlite, and so is everything
 * when unpacking fails (`warn` hears why): PGlite then runs its own initdb, as without the file.
 * The caller holds the data directory's lock (data-dir-lock.ts).
 */
export async function unpackInitialCluster(
  clusterDir: string,
  file = initialClusterFile(),
  warn: (msg: string) => void = () => {},
): Promise<boolean> {
  const unpacking = join(clusterDir, UNPACKING);
  const present = existsSync(clusterDir) ? readdirSync(clusterDir) : [];
  if (present.includes('PG_VERSION')) {
    rmSync(unpacking, { recursive: true, force: true });
    return false;
  }
  if (!existsSync(file) || !present.every((name) => name === UNPACKING || CLUSTER_ENTRY.test(name))) return false;
  try {
    for (const name of present) rmSync(join(clusterDir, name), { recursive: true, force: true });
    mkdirSync(unpacking, { recursive: true });
    // PGlite's tar names its entries from the cluster's root ('/PG_VERSION', '/base/1/112').
    await unpackArchive(
      createReadStream(file),
      unpacking,
      (name) => {
        const rel = normalize(name.replace(/^\/+/, ''));
        if (rel === '.') return '';
        if (rel.startsWith('..') || isAbsolute(rel) || !CLUSTER_ENTRY.test(rel.split(sep)[0] ?? '')) return null;
        mkdirSync(dirname(join(unpacking, rel)), { recursive: true });
        return rel;
      },
      { folders: true, flush: true },
    );
    for (const dir of foldersUnder(unpacking)) syncFolder(dir);
    const entries = readdirSync(unpacking).sort((a, b) => Number(a === 'PG_VERSION') - Number(b === 'PG_VERSION'));
    for (const name of entries) renameSync(join(unpacking, name), join(clusterDir, name));
    syncFolder(clusterDir);
    rmSync(unpacking, { recursive: true, force: true });
    return true;
  } catch (e) {
    rmSync(unpacking, { recursive: true, force: true });
    warn(`the build's empty cluster (${file}) could not be unpacked, PGlite's initdb runs instead: ${(e as Error).message}`);
    return false;
  }
}

/** `dir` and every folder under it. */
function foldersUnder(dir: string): string[] {
  const below = readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isDirectory());
  return [dir, ...below.map((e) => join(e.parentPath, e.name))];
}

/** Flushes a folder's entries (the names of what was written or moved into it) to the disk. */
function syncFolder(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes the empty cluster with a throwaway in-memory PGlite and writes it to `file` (the build's step). */
export async function writeInitialCluster(file = initialClusterFile()): Promise<number> {
  const pg = await PGlite.create();
  try {
    const tar = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
    // Written whole or not at all: a cut-off tar would fail every first start that read it.
    try {
      writeFileSync(`${file}.partial`, tar);
      renameSync(`${file}.partial`, file);
    } finally {
      rmSync(`${file}.partial`, { force: true });
    }
    return tar.length;
  } finally {
    await pg.close();
  }
}
