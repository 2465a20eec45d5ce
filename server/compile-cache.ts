import { lstatSync, mkdirSync } from 'node:fs';
import { constants, enableCompileCache, flushCompileCache } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Node's module compile cache (`module.enableCompileCache`): V8's compiled code of every module the
 * server loads, kept on disk, so a restart reads it instead of compiling the sources again. Loading
 * the server's modules (Fastify, MikroORM, PGlite's JavaScript, the server renderer, zod, postcss…)
 * was about half of a restart of the embedded shop (1.3-1.5 s of 2.4-2.8 s on one core). Measured
 * 2026-11-30 on the demo shop, one core, `npm run bench`'s flags, nine restarts each, alternated:
 * 2.15-2.76 s to the first 200 of /readyz with it (mean 2.46 s), 2.35-3.07 s without (mean 2.71 s;
 * the issue's target is 3 s), peak RSS 207-218 against 199-212 MB. What remains of loading is
 * Node's module loader itself (about 1,500 modules: resolving, reading, linking).
 *
 * Where: NODE_COMPILE_CACHE when the operator sets it, else a directory of this user's own in the
 * temporary directory (`privateCacheDir`), never Node's default `<tmp>/node-compile-cache`: the
 * temporary directory is shared, and code read from a cache another local user could write would
 * run inside the shop. NODE_DISABLE_COMPILE_CACHE=1 turns it off. Node keys every entry by the
 * module's path and checks its content, Node's version and V8's flags before using it, so a changed
 * file or an upgrade only means compiling that module again. A directory that cannot be used
 * leaves the server as it was, and the log says why (`describeCompileCache`).
 */
export function enableModuleCompileCache(): CompileCacheResult {
  if (process.env.NODE_COMPILE_CACHE || process.env.NODE_DISABLE_COMPILE_CACHE) return enableCompileCache();
  const dir = privateCacheDir(join(tmpdir(), `shop-node-compile-cache-${process.getuid?.() ?? 'user'}`));
  if (typeof dir !== 'string') return { status: constants.compileCacheStatus.FAILED, message: dir.refused };
  return enableCompileCache(dir);
}

export type CompileCacheResult = ReturnType<typeof enableCompileCache>;

/**
 * `dir`, made for this user alone (mode 0700) when it does not exist; refused when it exists but is
 * not a directory of this user's that nobody else may write (a link, another user's, group- or
 * world-writable): another local user could have made it first, to hand the shop code to run.
 */
export function privateCacheDir(dir: string): string | { refused: string } {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return { refused: `${dir}: ${(e as Error).message}` };
  }
  const st = lstatSync(dir);
  if (!st.isDirectory()) return { refused: `${dir} is not a directory` };
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) return { refused: `${dir} belongs to another user` };
  if ((st.mode & 0o022) !== 0) return { refused: `${dir} may be written by others` };
  return dir;
}

/** A line for the log: where the cache is, or why there is none. */
export function describeCompileCache(result: CompileCacheResult): { level: 'info' | 'warn'; msg: string } {
  const { compileCacheStatus: s } = constants;
  if (result.status === s.ENABLED || result.status === s.ALREADY_ENABLED) {
    return { level: 'info', msg: `module compile cache in ${result.directory}` };
  }
  if (result.status === s.DISABLED) return { level: 'info', msg: 'module compile cache off (NODE_DISABLE_COMPILE_CACHE)' };
  return { level: 'warn', msg: `module compile cache unavailable: ${result.message ?? 'unknown error'}` };
}

/**
 * Writes what was compiled so far. Node writes the cache when the process exits; written as soon
 * as the server listens as well, so a process that never exits cleanly (killed by the system, a
 * container stopped with SIGKILL) still leaves its next start the code it compiled.
 */
export function keepCompiledCode(): void {
  flushCompileCache();
}
