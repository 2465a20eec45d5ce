import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ENTRY } from '../../src/runtime-files.ts';
import { freePort } from '../helpers/free-port.ts';

/**
 * `npm start` (node dist/app/server/main.js, no NODE_ENV set) must run React's production build: the
 * process is started as `npm start` starts it, with a preload that reports every React build file
 * loaded, and renders a page (needs `npm run build`). The explicit development start shows the probe tells them apart.
 */
const root = resolve(import.meta.dirname, '..', '..');

const running: { child: ChildProcess; dataDir: string }[] = [];
afterEach(async () => {
  for (const { child, dataDir } of running.splice(0)) {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Starts the server process, renders the home page, stops it; returns the React files it ran. */
async function reactFilesLoaded(nodeEnv: string | undefined): Promise<string[]> {
  const { NODE_ENV: _vitestsOwn, TEST_DATABASE_URL: _pg, ...env } = process.env;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-prod-build-'));
  const child = spawn(process.execPath, ['--import', './tests/helpers/react-build-probe.ts', SERVER_ENTRY], {
    cwd: root,
    env: {
      ...env,
      ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push({ child, dataDir });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`server not ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const home = await fetch(`${base}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain('<div id="root">');
  // 'close': the process has exited and its output is all read.
  const closed = new Promise((r) => child.once('close', r));
  child.kill('SIGTERM');
  await closed;
  return [...output.matchAll(/react-build-probe: \S*\/node_modules\/(\S+)/g)].map((m) => m[1] ?? '');
}

describe('the server runs React in production mode', () => {
  it('npm start without NODE_ENV renders with the production builds of React and its server renderer', async () => {
    const files = await reactFilesLoaded(undefined);
    expect(files).toContain('react/cjs/react.production.js');
    expect(files).toContain('react-dom/cjs/react-dom-server.node.production.js');
    expect(files).not.toContain('react/cjs/react.development.js');
    expect(files).not.toContain('react-dom/cjs/react-dom-server.node.development.js');
  }, 180_000);

  it('an explicit NODE_ENV=development is kept (and the probe sees the development build)', async () => {
    const files = await reactFilesLoaded('development');
    expect(files).toContain('react/cjs/react.development.js');
    expect(files).toContain('react-dom/cjs/react-dom-server.node.development.js');
    expect(files).not.toContain('react/cjs/react.production.js');
  }, 180_000);
});
