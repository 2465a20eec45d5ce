// Fails fast when npm scripts run on a Node older than the one the project pins.
// npm puts node_modules/.bin first on PATH, so `node` here is the pinned `node` package
// unless the install skipped it; argon2 and MikroORM 7 both break on older versions.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `\nThis project runs on Node 24 (pinned as the "node" dev dependency), but npm used Node ${process.version}.\n` +
      'Run `npm ci` (it installs the pinned Node into node_modules/.bin) and start through npm scripts,\n' +
      'e.g. `npm start` or `npm test`.\n',
  );
  process.exit(1);
}
