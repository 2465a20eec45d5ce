import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Where the running code finds the shop's other files. The server runs as JavaScript compiled at
 * build time (`npm run build` writes dist/app/, a mirror of the sources; `npm start` runs
 * dist/app/server/main.js), and the tests and scripts run the TypeScript sources directly. Paths
 * written relative to a module's own folder would differ between the two, so they are found here.
 */

/** The project's folder: the nearest folder above this module that holds package.json. */
export const PROJECT_ROOT: string = (() => {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${import.meta.dirname}`);
  }
})();

/**
 * A module next to the caller (`siblingModule(import.meta.url, './reencode')`), for code started
 * by file (image workers): `.ts` beside a source, `.js` beside compiled code.
 */
export function siblingModule(callerUrl: string, name: string): URL {
  return new URL(`${name}${callerUrl.endsWith('.ts') ? '.ts' : '.js'}`, callerUrl);
}

/** The compiled server that `npm start` runs (tsconfig.server.json); the bench and the process tests start it. */
export const SERVER_ENTRY: string = join(PROJECT_ROOT, 'dist', 'app', 'server', 'main.js');
