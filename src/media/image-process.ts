import Tinypool from 'tinypool';
import { MESSAGES } from '../../shared/errors.ts';
import { AppError } from '../errors.ts';
import { withMallocEnv } from '../process-settings.ts';

/**
 * Every sharp/libvips job (upload checks, responsive variants, the demo's drawings) runs in a
 * child process, never in the server's own. libvips decodes on its own threads, and glibc gives
 * each thread a malloc arena that keeps the freed pixels resident: after the demo seed's variants
 * the server held 350-400 MB of such arenas for good (measured, PGlite and PostgreSQL alike). A
 * child returns all of it to the system when it exits.
 *
 * One child at most, started by the first job and ended once it has been idle for `IDLE_MS`, so a
 * batch (the demo seed, `npm run images:variants`) reuses it and a shop at rest holds none. Jobs
 * beyond `JOBS_AT_ONCE` wait in this process (`inImageProcess`), which bounds the child's memory
 * as well and lets a cancelled upload's waiting jobs go without running.
 */

/** Images processed at once in the child: one per core of a small machine keeps libvips busy. */
const JOBS_AT_ONCE = 2;
/** A child this long without a job exits (the next job starts another, in about 0.1 s). */
const IDLE_MS = 5_000;

/** The server's environment, with its malloc settings (src/process-settings.ts): they bound the child's peak too. */
const childEnv = (): Record<string, string> => withMallocEnv(process.env) as Record<string, string>;

let pool: Tinypool | null = null;

function thePool(): Tinypool {
  if (pool) return pool;
  const created = new Tinypool({
    runtime: 'child_process',
    minThreads: 0,
    maxThreads: 1,
    concurrentTasksPerWorker: JOBS_AT_ONCE,
    idleTimeout: IDLE_MS,
    // Buffers cross the IPC channel as bytes (the default JSON would spell every byte out).
    serialization: 'advanced',
    // The server's own flags (a preloaded probe, a debugger, a heap limit) are not the child's business.
    execArgv: [],
    env: childEnv(),
  });
  // A child that dies with no job under way (killed while idle, or while starting) is reported
  // here, not to a job; unheard, the event would end the server. Jobs queued for it would wait
  // for the next job to start another child: they fail now instead (see `discard`).
  created.on('error', () => discard(created));
  pool = created;
  return created;
}

/** Drops a pool whose child died: the jobs still queued in it reject, and the next job starts afresh. */
function discard(dead: Tinypool): void {
  if (pool !== dead) return;
  pool = null;
  void dead.destroy().catch(() => {});
}

/** Messages with which tinypool rejects the jobs of a child that died, or of a pool being closed. */
const CHILD_GONE = new Set(['Worker exited unexpectedly', 'Terminating worker thread']);

/** The child died under a job (crashed, or killed for memory): the job's caller gets this, as a 503. */
const imageProcessFailed = () => new AppError('UNAVAILABLE', MESSAGES.imageProcessingUnavailable);

/** Who waits for the image process: an upload's own check comes before background variants. */
export type JobOptions = {
  /** The request gave up: a job still waiting is dropped (rejects with the signal's reason) and never runs. */
  signal?: AbortSignal;
  /** Background work (variants): at most JOBS_AT_ONCE - 1 at once, so an upload's check never waits behind a backlog. */
  background?: boolean;
};

/** Jobs handed to the child now; the rest wait here (the child's queue could not drop a cancelled one). */
let running = 0;
let runningBackground = 0;
const waiting: { now: (() => void)[]; later: (() => void)[] } = { now: [], later: [] };

function nextJob(): void {
  while (running < JOBS_AT_ONCE) {
    const canBackground = runningBackground < JOBS_AT_ONCE - 1;
    const start = waiting.now.shift() ?? (canBackground ? waiting.later.shift() : undefined);
    if (!start) return;
    start();
  }
}

/** Waits for a turn in the image process; resolves with the function that gives it back. */
function turn(opts: JobOptions): Promise<() => void> {
  const { signal, background = false } = opts;
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const queue = background ? waiting.later : waiting.now;
    const start = () => {
      signal?.removeEventListener('abort', onAbort);
      running++;
      if (background) runningBackground++;
      let given = false;
      resolve(() => {
        if (given) return;
        given = true;
        running--;
        if (background) runningBackground--;
        nextJob();
      });
    };
    const onAbort = () => {
      const i = queue.indexOf(start);
      if (i >= 0) queue.splice(i, 1);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    queue.push(start);
    nextJob();
  });
}

/**
 * Runs `name` exported by `module` (a file URL; a function of one argument) in the image process
 * and resolves with its result. Buffers come back as Uint8Array (see `asBuffer`). An error the job
 * throws rejects with an Error of the same message; a child that dies rejects with
 * `imageProcessFailed()`. At most JOBS_AT_ONCE jobs are in the child at once; the others wait in
 * this process, uploads first (see `JobOptions`), and a waiting job whose signal aborts never runs.
 */
export async function inImageProcess<T>(module: URL, name: string, task: unknown, opts: JobOptions = {}): Promise<T> {
  const done = await turn(opts);
  const used = thePool();
  try {
    return (await used.run(task, { filename: module.href, name })) as T;
  } catch (e) {
    const message = (e as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && CHILD_GONE.has(message)) {
      discard(used);
      throw imageProcessFailed();
    }
    if (e instanceof Error) throw e;
    throw new Error(typeof message === 'string' ? message : String(e));
  } finally {
    done();
  }
}

/** A Uint8Array from the child as a Buffer, without copying its bytes. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The process id of the running image process, or null when none runs (tests). */
export function imageProcessPid(): number | null {
  return pool?.threads[0]?.threadId ?? null;
}

/** Ends the image process now (shutdown, tests); jobs under way reject. The next job starts a new one. */
export async function closeImageProcess(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
