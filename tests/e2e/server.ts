import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { freePort } from '../helpers/free-port.ts';

export const ADMIN = { username: 'dona_loja', password: 'senha-e2e-123' };
const root = resolve(import.meta.dirname, '..', '..');

/** The real shop process (`node server/main.ts`) on a fresh data directory with the demo catalogue. */
export type Shop = {
  url: string;
  dataDir: string;
  stop: () => Promise<{ code: number | null; lockReleased: boolean }>;
  output: () => string;
};

export async function startShop(extraEnv: Record<string, string> = {}): Promise<Shop> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
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
    /** SIGTERM, as a container runtime sends it; resolves with the exit code. */
    stop: async () => {
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      const lockReleased = !existsSync(join(dataDir, 'shop.lock'));
      rmSync(dataDir, { recursive: true, force: true });
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
