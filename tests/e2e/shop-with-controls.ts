/**
 * The shop process (server/start.ts, as `npm start` runs it) with controls a browser test drives
 * over the IPC channel of `startShop(env, { controls: true })` (tests/e2e/server.ts). Nothing here
 * is reachable over HTTP or by an environment variable: a shop started any other way has none.
 *
 * - `hold-variants`: background image variant jobs wait (src/media/backfill.ts, holdVariants); the
 *   reply comes once the jobs already under way are done.
 * - `release-variants`: they go on.
 */
import { holdVariants } from '../../src/media/backfill.ts';

let release: (() => void) | null = null;

process.on('message', async (message: { id: number; command: string }) => {
  if (message.command === 'hold-variants') release ??= await holdVariants();
  if (message.command === 'release-variants') {
    release?.();
    release = null;
  }
  process.send?.({ id: message.id, done: true });
});

const { start } = await import('../../server/start.ts');
await start();
