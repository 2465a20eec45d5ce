/**
 * Keeps `npm start` from rebuilding an up-to-date build (the client, its server renderer and the
 * server compiled to JavaScript in dist/app/, which `npm start` runs). `npm run build` ends by writing a stamp
 * (a hash of everything the build reads) to dist/; `npm start` runs `ensure`, which rebuilds only
 * when the stamp is missing or differs from the sources (a fresh clone, a pull, an edit).
 *
 *   node scripts/build-stamp.ts clear    before a build: a failed build never looks up to date
 *   node scripts/build-stamp.ts write    after a build
 *   node scripts/build-stamp.ts ensure   build if the sources changed since the last build
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { initialClusterFile } from '../src/db/pglite-cluster-file.ts';

const root = resolve(import.meta.dirname, '..');
const STAMP = join(root, 'dist', '.build-stamp');
/** What the builds read. The compiled catalogs (client/locales/*.ts) are outputs. */
const INPUT_DIRS = ['client', 'shared', 'server', 'src', 'migrations'];
const INPUT_FILES = [
  'vite.config.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  'package.json',
  'package-lock.json',
  'scripts/precompress.ts',
  'scripts/pglite-cluster.ts',
];
const GENERATED = /^client\/locales\/(admin\/)?[^/]+\.ts$/;
/** Tests beside the sources are not built. */
const TEST_FILE = /\.test\.tsx?$/;
/** What the server needs from a build; a stamp without them is not trusted. */
const OUTPUTS = ['dist/client/.vite/manifest.json', 'dist/server/entry-server.js', 'dist/app/server/main.js'];
/** The embedded database's empty clusters (src/db/pglite-initial-cluster.ts), each named for the PGlite that made it. */
const INITIAL_CLUSTERS = /^pglite-cluster-.+\.tar\.gz$/;
/** The compiled server: emptied before a build, so no module of a deleted source stays behind. */
const COMPILED_SERVER = join(root, 'dist', 'app');

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((f) => !f.includes('node_modules') && !GENERATED.test(f) && !TEST_FILE.test(f));
}

export function sourcesHash(): string {
  const files = [...INPUT_DIRS.flatMap(filesUnder), ...INPUT_FILES.filter((f) => existsSync(join(root, f)))].sort();
  const hash = createHash('sha256');
  for (const f of files)
    hash
      .update(`${f}\0`)
      .update(readFileSync(join(root, f)))
      .update('\0');
  return hash.digest('hex');
}

export function buildIsCurrent(): boolean {
  if (!OUTPUTS.every((f) => existsSync(join(root, f))) || !existsSync(STAMP)) return false;
  // The installed PGlite's: another's would not be loaded.
  if (!existsSync(initialClusterFile(root))) return false;
  return readFileSync(STAMP, 'utf8').trim() === sourcesHash();
}

const command = import.meta.main ? process.argv[2] : undefined;
if (command === 'clear') {
  rmSync(STAMP, { force: true });
  rmSync(COMPILED_SERVER, { recursive: true, force: true });
  // An earlier PGlite's cluster would only weigh on dist/ and the image.
  if (existsSync(join(root, 'dist'))) {
    for (const f of readdirSync(join(root, 'dist'))) if (INITIAL_CLUSTERS.test(f)) rmSync(join(root, 'dist', f), { force: true });
  }
} else if (command === 'write') {
  writeFileSync(STAMP, `${sourcesHash()}\n`);
} else if (command === 'ensure') {
  if (!buildIsCurrent()) {
    console.log('Sources changed since the last build (or no build yet): building…');
    const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
} else if (import.meta.main) {
  console.error(`unknown command ${command}: use clear, write or ensure`);
  process.exit(2);
}
