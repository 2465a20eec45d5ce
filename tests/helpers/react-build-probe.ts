import { createRequire } from 'node:module';

/**
 * Preloaded (`node --import`) into a process under test: when the process exits, prints every
 * React build file it executed (`react-build-probe: …/node_modules/react/cjs/react.production.js`)
 * on stderr, so a test can tell which build the app really ran, however it was imported. Only
 * modules that ran count (`loaded`): Node also caches, unrun, the files it scans for the exports
 * of a CommonJS module imported from ESM (react/index.js names both builds).
 */
const REACT_BUILD = /\/node_modules\/(?:react|react-dom|scheduler)\/cjs\/[^/]+\.js$/;
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => {
  for (const [file, module] of Object.entries(cache)) {
    if (module?.loaded && REACT_BUILD.test(file)) process.stderr.write(`react-build-probe: ${file}\n`);
  }
});
