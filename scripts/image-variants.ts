/**
 * One-off: creates the responsive AVIF/WebP variants of every image already stored in the uploads
 * folder (DATA_DIR/uploads), for shops whose images predate them. Safe to run again: images that
 * have all their variants are skipped. `npm run images:variants`
 */
import { loadConfig, uploadsDirOf } from '../server/config.ts';
import { backfillVariants } from '../src/media/backfill.ts';

const dir = uploadsDirOf(loadConfig());
const started = Date.now();
const report = await backfillVariants(dir);
console.log(
  `${dir}: ${report.images} image(s), variants created for ${report.created}, ${report.failed.length} failed (${Date.now() - started} ms)`,
);
for (const name of report.failed) console.log(`  failed: ${name}`);
process.exitCode = report.failed.length ? 1 : 0;
