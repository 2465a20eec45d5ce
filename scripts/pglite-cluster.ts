/**
 * `npm run build`'s step that writes the embedded database's empty cluster into dist/, so that a
 * shop's first start unpacks it instead of running initdb in the server process
 * (src/db/pglite-initial-cluster.ts says why).
 */
import { relative } from 'node:path';
import { initialClusterFile, writeInitialCluster } from '../src/db/pglite-initial-cluster.ts';
import { PROJECT_ROOT } from '../src/runtime-files.ts';

const file = initialClusterFile();
const bytes = await writeInitialCluster(file);
console.log(`embedded database's empty cluster: ${relative(PROJECT_ROOT, file)} (${Math.round(bytes / 1024)} KB)`);
