/**
 * Load runs with autocannon (programmatic API): a fixed duration at a fixed number of
 * connections, after a short warm-up that is not counted. Latency percentiles are computed from
 * every response time (autocannon's own histogram has no p95).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export type LoadResult = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  /**
   * How busy the server process kept its core during the measured run (CPU seconds per second,
   * all its threads), when its pid was given. On a 2-core machine the load generator has one core
   * too, and on large answers (a 13 KB page) it saturates first: the server then idles part of
   * the time and req/s measures the generator. `rps / serverBusy` is what the server's core
   * answers when it is the limit.
   */
  serverBusy?: number;
};
export type LoadRequest = { path: string; headers?: Record<string, string> };
/**
 * What a load run asks: a fixed list of requests cycled through (cache hits once warm), or a
 * function giving a new path for every request (URLs never asked before: cache misses).
 */
export type LoadRequests = LoadRequest[] | (() => string);

/** What a browser sends: the benchmark measures compressed responses, as shoppers get them. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: '*/*' };

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

function run(url: string, requests: LoadRequests, connections: number, duration: number): Promise<LoadResult> {
  const times: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url,
    connections,
    duration,
    headers: BROWSER_HEADERS,
    requests:
      typeof requests === 'function'
        ? [{ method: 'GET', setupRequest: (req) => ({ ...req, path: requests() }) }]
        : requests.map((r) => ({ method: 'GET', path: r.path, headers: { ...BROWSER_HEADERS, ...r.headers } })),
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    times.push(ms);
    if (status >= 400) errors++;
  });
  return new Promise((ok, fail) => {
    instance.on('done', (r: autocannon.Result) => {
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
      ok({
        rps: r.requests.total / (r.duration || duration),
        p50: at(0.5),
        p95: at(0.95),
        p99: at(0.99),
        requests: r.requests.total,
        errors: errors + r.errors + r.timeouts,
      });
    });
    instance.on('error', fail);
  });
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU seconds a process has used (user + system, every thread), from /proc; null where there is none. */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * Warm-up, then the measured run. `requests` are cycled through by every connection. `settle`
 * waits until the server has worked off what a run left queued (requests the load generator gave
 * up on at the end of a run), so no run starts with the previous one's backlog.
 */
export type LoadOptions = {
  /** Length of the measured run (default BENCH_SECONDS). */
  seconds?: number;
  settle?: () => Promise<unknown>;
  /** The server's process, whose CPU use is read (`serverBusy`). */
  serverPid?: number;
};

export async function load(
  url: string,
  requests: LoadRequests,
  connections: number,
  { seconds = SECONDS, settle = async () => {}, serverPid }: LoadOptions = {},
): Promise<LoadResult> {
  if (WARMUP_SECONDS > 0) {
    await run(url, requests, connections, WARMUP_SECONDS);
    await settle();
  }
  const cpuBefore = serverPid ? cpuSeconds(serverPid) : null;
  const started = performance.now();
  const result = await run(url, requests, connections, seconds);
  const cpuAfter = serverPid ? cpuSeconds(serverPid) : null;
  const elapsed = (performance.now() - started) / 1000;
  await settle();
  if (cpuBefore !== null && cpuAfter !== null) result.serverBusy = Math.min(1, (cpuAfter - cpuBefore) / elapsed);
  return result;
}

/** Measures hello's floor at a concurrency; `when` names the measurement in the notes. */
export type Floor = (connections: 10 | 50, when: string) => Promise<LoadResult>;

/** The floor of a row measured between two floors: the mean of their req/s and of their servers' busy share. */
export function meanFloor(a: LoadResult, b: LoadResult): LoadResult {
  const mean = (x: number, y: number) => (x + y) / 2;
  return {
    ...a,
    rps: mean(a.rps, b.rps),
    p50: mean(a.p50, b.p50),
    p95: mean(a.p95, b.p95),
    p99: mean(a.p99, b.p99),
    requests: a.requests + b.requests,
    errors: a.errors + b.errors,
    ...(a.serverBusy !== undefined && b.serverBusy !== undefined ? { serverBusy: mean(a.serverBusy, b.serverBusy) } : {}),
  };
}
