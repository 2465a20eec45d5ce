import { existsSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves once the folder's listing has not changed for `quietMs` (3 s), polled every 500 ms: a
 * shop's uploads folder once the image variants drawn in the background after a start or a seed are
 * all written. For the tests and the benchmark, which run the shop as a process and cannot ask it
 * (in process, src/media/backfill.ts's `variantsIdle` says so). Throws past `timeoutMs` (10 minutes).
 */
export async function folderSettled(dir: string, { quietMs = 3000, timeoutMs = 600_000 } = {}): Promise<void> {
  const listing = () => (existsSync(dir) ? readdirSync(dir).sort().join('\n') : '');
  const deadline = Date.now() + timeoutMs;
  let last = listing();
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) throw new Error(`${dir} still changing after ${timeoutMs / 1000} s`);
    await sleep(500);
    const now = listing();
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    }
  }
}
