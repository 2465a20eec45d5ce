import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, rm, stat } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { withMallocEnv } from '../process-settings.ts';
import { siblingModule } from '../runtime-files.ts';
import { missingVariants, removeLoneVariant, writeVariants } from './file-store.ts';
import { closeImageProcess } from './image-process.ts';
import { IMAGE_JOBS, mapLimit } from './map-limit.ts';
import { isOriginalName, surveyOriginals } from './variants-survey.ts';

export type BackfillReport = {
  images: number;
  created: number;
  failed: string[];
  /** Variants found without their original and removed (the start's survey only: `backfillVariantsInBackground`). */
  loneRemoved?: number;
};

/** Variant jobs under way, by folder and original: one job per image, however many ask. */
const running = new Map<string, Promise<boolean>>();
/** Set by `stopVariants` (shutdown): no new job starts. */
let stopping = false;
/** While set (`holdVariants`), jobs wait before they look at an image. */
let hold: { released: Promise<void>; release: () => void } | null = null;

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Gives one stored original its missing variants; resolves whether it wrote any. Concurrent calls
 * for the same image share one job. An image deleted while its variants were being encoded gets
 * none: the original is looked for before they are written, and again after (what was written
 * for an original that went meanwhile is removed), so no variant outlives its image.
 */
export function ensureVariants(dir: string, fileName: string): Promise<boolean> {
  if (stopping) return Promise.resolve(false);
  const key = join(dir, fileName);
  const current = running.get(key);
  if (current) return current;
  const job = (async () => {
    while (hold) await hold.released;
    if (stopping) return false;
    if (!(await missingVariants(dir, `/uploads/${fileName}`))) return false;
    let original: Buffer;
    try {
      original = await readFile(key);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw e;
    }
    const written = await writeVariants(dir, fileName, original, { stillWanted: () => exists(key) });
    if (written.length === 0) return false;
    if (await exists(key)) return true;
    await Promise.all(written.map((n) => rm(join(dir, n), { force: true })));
    return false;
  })().finally(() => running.delete(key));
  running.set(key, job);
  return job;
}

/**
 * Holds every variant job (background queue, start-up backfill, a page asking for a missing
 * variant) before it looks at its image; resolves once the jobs already past that point are done,
 * with the function that lets them all go on. For a test that must see an image without its
 * variants for as long as it looks (the browser tests' shop process takes it over IPC,
 * tests/e2e/shop-with-controls.ts); the shop itself never holds them.
 */
export async function holdVariants(): Promise<() => void> {
  // The jobs under way now are past the point where they wait (it is their first step); they finish.
  const passed = hold ? [] : [...running.values()];
  if (!hold) {
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    hold = { released, release };
  }
  const mine = hold;
  await Promise.allSettled(passed);
  return () => {
    if (hold !== mine) return;
    hold = null;
    mine.release();
  };
}

/** Images waiting for their variants (folder, file name): names only, the original is read when its turn comes. */
const queued: [dir: string, fileName: string][] = [];
/** Queue workers under way (at most IMAGE_JOBS), and what they are doing. */
const workers = new Set<Promise<void>>();

async function drainQueue(): Promise<void> {
  for (let next = queued.shift(); next && !stopping; next = queued.shift()) {
    await ensureVariants(...next).catch(() => {
      // The original stays and is served instead; the next start's backfill (or the first
      // request for a variant) tries again.
    });
  }
}

/**
 * Gives freshly stored originals their variants in the background, one image after another (at
 * most IMAGE_JOBS at once, behind any upload's own check in the image process): the upload
 * answers as soon as its originals are stored. Until its variants exist a page's variant URL
 * redirects to the original (server/app.ts). Not persisted: what a stop or a crash leaves undone,
 * the next start's `backfillVariants` does.
 */
export function queueVariants(dir: string, fileNames: string[]): void {
  if (stopping) return;
  for (const n of fileNames) queued.push([dir, n]);
  while (workers.size < IMAGE_JOBS && queued.length) {
    const w: Promise<void> = drainQueue().finally(() => workers.delete(w));
    workers.add(w);
  }
}

/** Resolves once no variant job is under way or queued (tests and shutdown wait for it before removing folders). */
export async function variantsIdle(): Promise<void> {
  while (running.size || workers.size || backgroundBackfills.size)
    await Promise.allSettled([...running.values(), ...workers, ...backgroundBackfills]);
}

/**
 * Shutdown: no new variant job starts (a background backfill or queue ends early; the next start's
 * backfill does the rest), and resolves once those under way are done, so none is cut off while it writes;
 * then the image process ends (it would end by itself once idle).
 */
export async function stopVariants(): Promise<void> {
  stopping = true;
  queued.length = 0;
  for (const survey of surveys) survey.kill();
  const held = hold;
  hold = null;
  held?.release();
  await variantsIdle();
  await closeImageProcess();
}

/** Originals lacking a variant handed on together while the folder is read: what the backfill holds at any moment. */
const BACKFILL_BATCH = 256;
/** Originals whose variants are checked between two turns of the event loop (about 1 ms of checks). */
const CHECKS_PER_TURN = 64;

/** Gives `names` (stored originals) their missing variants, IMAGE_JOBS at a time, counted in `report`. */
async function give(dir: string, names: string[], report: BackfillReport): Promise<void> {
  await mapLimit(names, IMAGE_JOBS, async (name) => {
    if (stopping) return;
    try {
      if (await ensureVariants(dir, name)) report.created++;
    } catch {
      report.failed.push(name);
    }
  });
}

/** Gives every original `lacking` names its variants, BACKFILL_BATCH at a time, until it ends or the shop stops. */
async function giveAll(dir: string, lacking: AsyncIterable<string>, report: BackfillReport): Promise<void> {
  let batch: string[] = [];
  for await (const name of lacking) {
    if (stopping) break;
    batch.push(name);
    if (batch.length < BACKFILL_BATCH) continue;
    await give(dir, batch, report);
    batch = [];
  }
  if (batch.length && !stopping) await give(dir, batch, report);
}

/**
 * Gives every stored original that lacks a variant its full set (images stored before variants
 * existed, or the demo's, whose variants follow its first start), in this process: for
 * `npm run images:variants` and the demo seed's own images (`only`). Idempotent: an image with all
 * its variants is only looked at. Reads the folder alone, so it needs no database.
 *
 * The folder is read name by name (folder-names.ts), never listed whole. An original's variants
 * are looked for synchronously (`hasEveryVariant`), CHECKS_PER_TURN originals between turns of the
 * event loop: with 69,000 originals and their 690,000 variants the pass takes about 2-4 s of CPU,
 * where a promise per file took 12 s. Originals lacking a variant go on in batches of
 * BACKFILL_BATCH. A server's start runs the pass apart (`backfillVariantsInBackground`).
 */
export async function backfillVariants(dir: string, only?: string[]): Promise<BackfillReport> {
  const report: BackfillReport = { images: 0, created: 0, failed: [] };
  if (only) {
    const originals = only.filter(isOriginalName);
    report.images = originals.length;
    await give(dir, originals, report);
    return report;
  }
  async function* lacking(): AsyncGenerator<string> {
    for (const { name, complete } of surveyOriginals(dir)) {
      if (++report.images % CHECKS_PER_TURN === 0) await nextTurn();
      if (!complete) yield name;
    }
  }
  try {
    // A folder that cannot be read ends the backfill; leaving the loop closes the folder.
    await giveAll(dir, lacking(), report);
  } catch {
    // What was given so far stands.
  }
  return report;
}

/** The survey's program (variants-survey-process.ts), beside this module. */
const SURVEY_PROGRAM = fileURLToPath(siblingModule(import.meta.url, './variants-survey-process'));
/** Surveys under way (their processes) and backfills fed by them: a stop ends the one and waits for the other. */
const surveys = new Set<ChildProcess>();
const backgroundBackfills = new Set<Promise<unknown>>();

/**
 * The start-up's backfill (server/boot.ts): as `backfillVariants`, but the pass over the folder runs
 * in a process of its own at the lowest CPU priority (nice 19), which hands this one the name of
 * each original lacking a variant. On a shop of 20,000 products (69,000 originals, 690,000
 * variants) the pass is about 4 s of CPU after every start (2 s in the kernel's file lookups). In
 * the server's loop, yielding every CHECKS_PER_TURN originals, it took that from the pages
 * shoppers asked for over the first minute of a start under load. Measured 2026-12-07: the shop
 * with the pass in its loop and the shop with this, side by side on one core from the moment both
 * were ready, each loaded with product pages never asked before (c10): this one answered 1.15-1.26
 * times as many in every 10 s window of three runs (0.88-1.01 when the pass had ended before the
 * load). At nice 19 the kernel gives it what the server leaves idle (about 1.5% of the core while
 * the server is busy). Its memory is its own and leaves with it (on that folder 73-77 MB at its
 * peak, 46 MB of which is Node's own, for the 4-5 s it runs). Rejects when the survey could not run
 * or read the folder (what was given until then stands). The survey also names the variants it
 * found without their original, which are removed here unless their image turned up meanwhile
 * (`removeLoneVariant`): the start's sweep before `/readyz` no longer looks at every variant.
 */
export function backfillVariantsInBackground(dir: string): Promise<BackfillReport> {
  const report: BackfillReport = { images: 0, created: 0, failed: [] };
  if (stopping) return Promise.resolve(report);
  // A young generation of 2 MB: the names it reads are garbage at once (67 against 77 MB at its peak).
  const child = spawn(process.execPath, ['--max-semi-space-size=2', SURVEY_PROGRAM, dir], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: withMallocEnv(process.env),
  });
  surveys.add(child);
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(null));
    child.once('close', (code) => resolve(code));
  }).finally(() => surveys.delete(child));
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, 19);
    } catch {
      // Left at the server's priority where lowering it is not allowed.
    }
  }
  async function* lacking(): AsyncGenerator<string> {
    for await (const line of createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (line.startsWith('=')) report.images = Number(line.slice(1));
      else if (line.startsWith('-')) {
        if (await removeLoneVariant(dir, line.slice(1))) report.loneRemoved = (report.loneRemoved ?? 0) + 1;
      } else if (line) yield line;
    }
  }
  const done = (async () => {
    // A stop ends the loop and the survey (stopVariants kills it).
    await giveAll(dir, lacking(), report);
    const code = await exited;
    // A survey that could not run or read the folder says so (the start logs it); one a stop ended does not.
    if (code !== 0 && !stopping) throw new Error(`the variant survey of ${dir} ended with code ${code}`);
    return report;
  })();
  const tracked = done.catch(() => {});
  backgroundBackfills.add(tracked);
  void tracked.finally(() => backgroundBackfills.delete(tracked));
  return done;
}

/**
 * The original a missing variant URL stands for (`<uuid>-640.avif` -> `<uuid>.webp`), or null when
 * the URL is no variant or the original is gone. Its variants are (re)created meanwhile, so the
 * next request finds them.
 */
export async function originalOfMissingVariant(dir: string, url: string): Promise<string | null> {
  const m = /^\/uploads\/([0-9a-f-]{36})-\d+\.(?:avif|webp)$/.exec(url);
  if (!m?.[1]) return null;
  for (const ext of ['webp', 'jpg', 'png']) {
    const name = `${m[1]}.${ext}`;
    try {
      await stat(join(dir, name));
    } catch {
      continue;
    }
    ensureVariants(dir, name).catch(() => {});
    return `/uploads/${name}`;
  }
  return null;
}
