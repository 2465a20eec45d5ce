import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { type DatabaseTarget, openDatabase } from '../../src/db/database.ts';
import { SERVER_ENTRY } from '../../src/runtime-files.ts';
import { freePort } from '../helpers/free-port.ts';

/**
 * The fault-injection harness: the real shop process (`npm start`: the compiled server, dist/app/server/main.js) on loopback, on a
 * fresh data directory and — when TEST_DATABASE_URL is set — a fresh PostgreSQL database of its
 * own (created here, dropped at the end), else PGlite in the data directory.
 */

export const ADMIN = { username: 'dona_falhas', password: 'senha-falhas-123' };
const root = resolve(import.meta.dirname, '..', '..');
const PG_SERVER = process.env.TEST_DATABASE_URL || undefined;
export const onPostgres = PG_SERVER !== undefined;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function adminSql(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Where one test's shop keeps its data: a temp directory, plus its own PostgreSQL database. */
export type Store = {
  dataDir: string;
  databaseUrl: string | undefined;
  /** The database name (PostgreSQL only), for pg_stat_activity. */
  dbName: string | undefined;
  /** Runs SQL on the shop's database from outside the process (PGlite: only while no shop runs). */
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  remove(): Promise<void>;
};

export async function createStore(): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-fault-'));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (PG_SERVER) {
    dbName = `fault_${randomBytes(6).toString('hex')}`;
    await adminSql(`create database ${dbName}`);
    const u = new URL(PG_SERVER);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const target: DatabaseTarget = databaseUrl ? { kind: 'postgresql', url: databaseUrl } : { kind: 'pglite', dataDir };
  return {
    dataDir,
    databaseUrl,
    dbName,
    async query<T>(sql: string) {
      const db = await openDatabase(target);
      try {
        return (await db.fork().getConnection().execute(sql)) as T[];
      } finally {
        await db.close();
      }
    },
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (dbName) await adminSql(`drop database if exists ${dbName} with (force)`);
    },
  };
}

export type Shop = {
  url: string;
  port: number;
  pid: number;
  output: () => string;
  /** Resolves when the process has exited, with its exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill: (signal: NodeJS.Signals) => void;
  /** SIGTERM, then the exit code (SIGKILL after 30 s so no test ever hangs). */
  stop: () => Promise<number | null>;
};

/** Starts the real server on the store and waits until /readyz answers 200. */
export async function startShop(store: Store, env: Record<string, string> = {}): Promise<Shop> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl ?? '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test runner that dies must not leave a shop running.
  const reap = () => void child.kill('SIGKILL');
  process.once('exit', reap);
  child.once('exit', () => process.off('exit', reap));
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.once('exit', (code, signal) => r({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`shop exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`shop did not become ready:\n${output}`);
    }
    await sleep(100);
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    kill: (signal) => void child.kill(signal),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const hard = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(hard);
      }
      return child.exitCode;
    },
  };
}

/** The admin session cookie (`name=value`) from the legacy login. */
export async function login(shop: Shop, creds = ADMIN): Promise<string> {
  const res = await fetch(`${shop.url}/auth/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url },
    body: JSON.stringify(creds),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** What one HTTP exchange ended with: a status (and Retry-After), or the socket error's code. */
export type Outcome = { status: number; retryAfter: string | null; body: string } | { error: string };

/**
 * GET on a fresh TCP connection, written raw: resolves with the outcome, never rejects. `written`
 * resolves once the request bytes are handed to the kernel (for signals sent "just after").
 */
export function rawGet(port: number, path: string): { written: Promise<void>; outcome: Promise<Outcome> } {
  let wrote: () => void = () => {};
  const written = new Promise<void>((r) => (wrote = r));
  const outcome = new Promise<Outcome>((done) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`, () => wrote()));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      wrote();
      done({ error: e.code ?? e.message });
    });
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (!m) return done({ error: 'EMPTY_RESPONSE' });
      const retry = /\r\nretry-after: *([^\r]*)/i.exec(text);
      done({ status: Number(m[1]), retryAfter: retry?.[1] ?? null, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
  return { written, outcome };
}

/** GET through a keep-alive agent (the connection reuse a browser or a proxy does). */
export function agentGet(url: string, agent: import('node:http').Agent, headers: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((done) => {
    const req = httpRequest(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', (e: NodeJS.ErrnoException) => done({ error: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => done({ error: e.code ?? e.message }));
    req.end();
  });
}

/** A readable summary of outcomes: `200×57, ECONNRESET×3`. */
export function tally(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const key = 'error' in o ? o.error : String(o.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].map(([k, n]) => `${k}×${n}`).join(', ');
}

export { sleep };
