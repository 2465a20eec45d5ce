import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no cross-process locking: two processes on one data directory would silently lose
 * writes. This takes an exclusive lock file holding our pid; a second process refuses to start.
 * A lock left by a process that no longer runs (a crash, kill -9) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'shop.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (alive(owner) && owner !== process.pid) {
        throw new DataDirInUseError(
          `The data directory ${dir} is in use by another running shop process (pid ${owner}). ` +
            'PGlite allows one process per data directory: stop that process, use another DATA_DIR, or set DATABASE_URL to use a PostgreSQL server.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dir}`);
}

/** How long a start waits for a previous process that still holds the data directory (it may be stopping). */
export const DATA_DIR_WAIT_MS = 15_000;

/**
 * lockDataDir, but a directory held by a live process is asked again every 200 ms for up to
 * `waitMs`: a shop that is still stopping (Ctrl-C on `npm start` returns the prompt while the old
 * process finishes its requests) releases it within seconds, and an immediate restart then
 * starts instead of being refused. `onWait` hears once that it waits. A process that keeps
 * running is still refused, after the wait.
 */
export async function lockDataDirWhenFree(
  dir: string,
  opts: { waitMs?: number; onWait?: (message: string) => void } = {},
): Promise<() => void> {
  const deadline = Date.now() + (opts.waitMs ?? DATA_DIR_WAIT_MS);
  let told = false;
  for (;;) {
    try {
      return lockDataDir(dir);
    } catch (e) {
      if (!(e instanceof DataDirInUseError) || Date.now() >= deadline) throw e;
      if (!told) {
        told = true;
        const seconds = Math.round((opts.waitMs ?? DATA_DIR_WAIT_MS) / 1000);
        opts.onWait?.(`The data directory ${dir} is held by another shop process; waiting up to ${seconds} s for it to stop`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
