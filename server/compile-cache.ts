import { constants, enableCompileCache, flushCompileCache } from 'node:module';

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
 * The directory is Node's default, `<os temp dir>/node-compile-cache`, or NODE_COMPILE_CACHE when
 * set; NODE_DISABLE_COMPILE_CACHE=1 turns it off. Node keys every entry by the module's path and
 * checks its content, Node's version and V8's flags before using it, so a changed file or an
 * upgrade only means compiling that module again (and rewriting its entry). A directory that
 * cannot be written (a read-only file system) leaves the server as it was: Node reports it and
 * carries on, and the server logs it once (`describeCompileCache`).
 */
export function enableModuleCompileCache(): ReturnType<typeof enableCompileCache> {
  return enableCompileCache();
}

/** A line for the log: where the cache is, or why there is none. */
export function describeCompileCache(result: ReturnType<typeof enableCompileCache>): { level: 'info' | 'warn'; msg: string } {
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
