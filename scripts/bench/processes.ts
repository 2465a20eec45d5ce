/**
 * Child processes of the benchmark: the shop (the compiled server, as `npm start` runs it) and
 * the hello floor, each pinned to the same core with taskset when the machine has it, so the load
 * generator (this process, on another core) never shares their event loop or CPU.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { heapFlags, withMallocEnv } from '../../src/process-settings.ts';
import { SERVER_ENTRY } from '../../src/runtime-files.ts';
import { folderSettled } from '../folder-settled.ts';

const root = resolve(import.meta.dirname, '..', '..');
export const BENCH_ADMIN = { username: 'bench_admin', password: 'bench-password-123' };

const hasTaskset = spawnSync('taskset', ['--version']).status === 0;
/** The core the servers run on (BENCH_CPU, default the last one), or null when pinning is unavailable. */
export const SERVER_CPU: number | null =
  hasTaskset && availableParallelism() > 1 ? Number(process.env.BENCH_CPU ?? availableParallelism() - 1) : null;

/** The cores this process may use as it starts, read before any pinning (availableParallelism follows the affinity). */
const STARTING_CORES = Array.from({ length: availableParallelism() }, (_, i) => i);

/** Keeps the load generator (this process) off the servers' core. */
export function pinSelfAwayFromServers(): void {
  if (SERVER_CPU === null) return;
  const others = STARTING_CORES.filter((i) => i !== SERVER_CPU);
  spawnSync('taskset', ['-a', '-p', '-c', others.join(','), String(process.pid)], { stdio: 'ignore' });
}

/**
 * Lets this process, and what it starts from now on, run on every core again. For Lighthouse:
 * Chromium inherits the affinity of whoever launches it, and confined to one core its browser,
 * renderer and network processes share it, so every task it observes is slower than on the
 * machine the method describes (an unpinned runner and an unpinned `npm start`). Measured here:
 * blocking time 53-103 ms pinned against 0-8 ms unpinned, same pages, same run.
 */
export function unpinSelf(): void {
  if (SERVER_CPU === null) return;
  spawnSync('taskset', ['-a', '-p', '-c', STARTING_CORES.join(','), String(process.pid)], { stdio: 'ignore' });
}

export async function freePort(): Promise<number> {
  const srv = createServer().listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const addr = srv.address();
  srv.close();
  if (typeof addr !== 'object' || !addr) throw new Error('no free port');
  return addr.port;
}

/** Every child still running: stopped if the benchmark is interrupted. */
const children = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    process.exit(130);
  });
}

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function pinned(args: string[], pin = true): [string, string[]] {
  return SERVER_CPU === null || !pin ? [process.execPath, args] : ['taskset', ['-c', String(SERVER_CPU), process.execPath, ...args]];
}

async function waitFor(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${output()}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${url} not ready:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const closed = once(child, 'exit');
  child.kill('SIGTERM');
  await closed;
}

/** What the shop's probe (probe.mjs, preloaded into it) answers over IPC. */
export type ProbeStats = {
  rssMb: number;
  heapMb: number;
  /** process.memoryUsage() in MB: where the resident memory is when it is not the JavaScript heap. */
  memory: { heapTotalMb: number; externalMb: number; arrayBuffersMb: number };
  loopP99Ms: number;
  loopMaxMs: number;
};

export type Hello = { url: string; pid: number; stop: () => Promise<void> };

export async function startHello(): Promise<Hello> {
  const port = await freePort();
  const [cmd, args] = pinned([join(root, 'scripts', 'bench', 'hello-server.ts'), String(port)]);
  const child = track(
    spawn(cmd, args, { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit'] }),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`, child, () => '', 30_000);
  return { url, pid: child.pid ?? 0, stop: () => stopChild(child) };
}

export type Shop = {
  url: string;
  /** The shop's process id (taskset execs node in place): its CPU use is read from /proc during load runs (load.ts). */
  pid: number;
  /** Milliseconds from spawn to the first 200 of /readyz. */
  readyMs: number;
  stats: () => Promise<ProbeStats>;
  /** The process's peak resident memory so far (VmHWM), in MB. */
  peakRssMb: () => number;
  resetLoopDelay: () => void;
  /**
   * Waits for the start's background work to end (the demo images' responsive variants are drawn
   * after the first start, on the same core): a shop in its steady state is what is measured.
   */
  settled: () => Promise<void>;
  /** Stops the process (SIGTERM); the data directory stays for a restart. */
  stop: () => Promise<void>;
  /** Starts the process again on the same data, as a restart does. */
  restart: () => Promise<Shop>;
  dispose: () => Promise<void>;
};

export type ShopOptions = {
  databaseUrl?: string;
  seedDemo?: boolean;
  dataDir?: string;
  env?: Record<string, string>;
  /** Pinned to the servers' core (the default); Lighthouse runs it as `npm start` does, unpinned. */
  pin?: boolean;
};

/**
 * The shop as `npm start` runs it (production mode, and the process settings server/main.ts would
 * restart itself with, given here: the probe's IPC channel would not survive that restart), on a
 * fresh data directory unless given one.
 */
export async function startShop(opts: ShopOptions = {}, ownsDataDir = !opts.dataDir): Promise<Shop> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const port = await freePort();
  const [cmd, args] = pinned(
    [...heapFlags(opts.databaseUrl), '--import', join(root, 'scripts', 'bench', 'probe.mjs'), SERVER_ENTRY],
    opts.pin ?? true,
  );
  let output = '';
  const started = performance.now();
  const child = track(
    spawn(cmd, args, {
      cwd: root,
      env: withMallocEnv({
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: opts.databaseUrl ?? '',
        SEED_DEMO: opts.seedDemo === false ? 'false' : 'true',
        ADMIN_USERNAME: BENCH_ADMIN.username,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        // The default log level, as `npm start` runs (its access log included).
        ...opts.env,
      }),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    }),
  );
  // The output's last 64 KB, for the error message of a start that fails (the access log is long).
  const keep = (d: Buffer) => {
    output = (output + d).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, child, () => output, 600_000);
  const readyMs = performance.now() - started;
  const shop: Shop = {
    url,
    pid: child.pid ?? 0,
    readyMs,
    peakRssMb: () => peakRssMb(child.pid ?? 0),
    stats: async () => {
      const reply = new Promise<ProbeStats>((ok) => {
        const on = (m: { type?: string; stats?: ProbeStats }) => {
          if (m?.type !== 'stats' || !m.stats) return;
          child.off('message', on);
          ok(m.stats);
        };
        child.on('message', on);
      });
      child.send({ type: 'stats' });
      return reply;
    },
    resetLoopDelay: () => void child.send({ type: 'reset' }),
    settled: () => folderSettled(join(dataDir, 'uploads')),
    stop: () => stopChild(child),
    restart: async () => {
      await stopChild(child);
      return startShop({ ...opts, dataDir }, ownsDataDir);
    },
    dispose: async () => {
      await stopChild(child);
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return shop;
}

/** The peak resident memory at any moment (VmHWM), per database: one home for the bench's peak rows. */
export const PEAK_RSS_MB = { PGlite: 400, PostgreSQL: 256 } as const;

/** VmHWM of a process (its peak RSS since it started), in MB; NaN where /proc has none. */
export function peakRssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** The bench admin's session cookie (`name=value`), signed in through the legacy login. */
export async function adminCookie(shop: Shop): Promise<string> {
  const res = await fetch(`${shop.url}/auth/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url },
    body: JSON.stringify(BENCH_ADMIN),
  });
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}
