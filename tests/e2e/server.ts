import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { heapFlags, withMallocEnv } from '../../src/process-settings.ts';
import { SERVER_ENTRY } from '../../src/runtime-files.ts';
import { freePort } from '../helpers/free-port.ts';

export const ADMIN = { username: 'dona_loja', password: 'senha-e2e-123' };
const root = resolve(import.meta.dirname, '..', '..');

/** The real shop process (`npm start`: dist/app/server/main.js, compiled by `npm run build`) on a fresh data directory with the demo catalogue. */
export type Shop = {
  url: string;
  dataDir: string;
  stop: () => Promise<{ code: number | null; lockReleased: boolean }>;
  output: () => string;
  /** A command to the shop (started with `controls`, see shop-with-controls.ts); resolves once it is done. */
  control: (command: 'hold-variants' | 'release-variants') => Promise<void>;
};

/**
 * The demo shop's data directory the browser tests start from, made once per run
 * (tests/e2e/template.ts; scripts/test.ts builds it and sets E2E_TEMPLATE_DIR): the first start's
 * work (PGlite's initdb, the migrations, the demo seed and its 451 image variants, about 15 s of
 * CPU) was done again by each of the 20-odd files, beside their browser. A shop that seeds
 * differently (SEED_DEMO, ADMIN_*) or asks for `fresh` starts on an empty directory as before.
 */
const TEMPLATE_DIR = process.env.E2E_TEMPLATE_DIR;

/**
 * `controls`: the process is tests/e2e/shop-with-controls.ts (the same server, plus commands over
 * an IPC channel, started with the process settings main.ts would give itself). `dataDir`: the
 * directory to use and keep (the template's own start); otherwise a new one, removed on stop.
 */
export async function startShop(
  extraEnv: Record<string, string> = {},
  opts: { controls?: boolean; fresh?: boolean; dataDir?: string } = {},
): Promise<Shop> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const seedsAlike = !['SEED_DEMO', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'DATABASE_URL'].some((k) => k in extraEnv);
  if (!opts.dataDir && !opts.fresh && seedsAlike && TEMPLATE_DIR && existsSync(join(TEMPLATE_DIR, 'pglite'))) {
    cpSync(TEMPLATE_DIR, dataDir, { recursive: true });
  }
  let output = '';
  const entry = opts.controls
    ? [...heapFlags(extraEnv.DATABASE_URL ?? process.env.DATABASE_URL), 'tests/e2e/shop-with-controls.ts']
    : [SERVER_ENTRY];
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: root,
    env: withMallocEnv({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    }),
    stdio: opts.controls ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let commands = 0;
  const control = (command: string) =>
    new Promise<void>((resolve, reject) => {
      if (!child.send) return reject(new Error('the shop was started without controls'));
      const id = ++commands;
      const onReply = (m: { id?: number }) => {
        if (m.id !== id) return;
        child.off('message', onReply);
        resolve();
      };
      child.on('message', onReply);
      child.send({ id, command });
    });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000; // generous: a busy machine seeds the demo slowly
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`shop did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    output: () => output,
    control,
    /** SIGTERM, as a container runtime sends it; resolves with the exit code. */
    stop: async () => {
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      const lockReleased = !existsSync(join(dataDir, 'shop.lock'));
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return { code: child.exitCode, lockReleased };
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
