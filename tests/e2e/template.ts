/**
 * Builds the data directory the browser tests start from (tests/e2e/server.ts, E2E_TEMPLATE_DIR):
 * the shop started once on `dir` with the demo catalogue, left running until every image variant
 * is drawn, then stopped cleanly (its lock released). Run by scripts/test.ts before the browser
 * tests: `node tests/e2e/template.ts <dir>`.
 */
import { join } from 'node:path';
import { folderSettled } from '../../scripts/folder-settled.ts';
import { startShop } from './server.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node tests/e2e/template.ts <empty directory>');
const started = performance.now();
const shop = await startShop({}, { dataDir: dir });
await folderSettled(join(dir, 'uploads'));
const { code, lockReleased } = await shop.stop();
if (code !== 0 || !lockReleased) throw new Error(`the template shop did not stop cleanly (exit ${code}):\n${shop.output()}`);
console.log(`demo shop for the browser tests ready in ${dir} (${Math.round((performance.now() - started) / 1000)} s)`);
