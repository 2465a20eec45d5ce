/**
 * `npm run build`'s step that writes the embedded database's empty cluster into dist/, so that a
 * shop's first start unpacks it instead of running initdb in the server process
 * (src/db/pglite-initial-cluster.ts says why). `npm run build` runs it with the server's WebAssembly
 * and heap flags (`--liftoff-only --max-old-space-size=256`, src/process-settings.ts): measured
 * 2026-11-29, the step peaks at 668 MB of resident memory with them and 1,093 MB without, so it
 * stays under the client build's own peak (vite, 751 MB) on a small build machine.
 */
import { relative } from 'node:path';
import { initialClusterFile } from '../src/db/pglite-cluster-file.ts';
import { writeInitialCluster } from '../src/db/pglite-initial-cluster.ts';
import { PROJECT_ROOT } from '../src/runtime-files.ts';

const file = initialClusterFile();
const bytes = await writeInitialCluster(file);
console.log(`embedded database's empty cluster: ${relative(PROJECT_ROOT, file)} (${Math.round(bytes / 1024)} KB)`);
