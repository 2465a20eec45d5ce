import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { imageFiles } from '../../src/media/image-files.ts';
import { SERVER_ENTRY } from '../../src/runtime-files.ts';
import { freePort } from '../helpers/free-port.ts';
import { image } from '../helpers/images.ts';

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

type Started = { child: ChildProcess; base: string; dataDir: string; output: () => string };

/** Starts the compiled server as `npm start` does (`nodeEnv` set or not, `args` before the entry), on `dataDir`; resolves once ready. */
async function startServer(opts: { nodeEnv?: string; args?: string[]; dataDir?: string } = {}): Promise<Started> {
  const { NODE_ENV: _vitestsOwn, TEST_DATABASE_URL: _pg, ...env } = process.env;
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'shop-prod-build-'));
  const child = spawn(process.execPath, [...(opts.args ?? []), SERVER_ENTRY], {
    cwd: root,
    env: {
      ...env,
      ...(opts.nodeEnv ? { NODE_ENV: opts.nodeEnv } : {}),
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
  return { child, base, dataDir, output: () => output };
}

/** Stops a started server; resolves with everything it wrote. */
async function stop({ child, output }: Started): Promise<string> {
  // 'close': the process has exited and its output is all read.
  const closed = new Promise((r) => child.once('close', r));
  child.kill('SIGTERM');
  await closed;
  return output();
}

/** Starts the server process, renders the home page, stops it; returns the React files it ran. */
async function reactFilesLoaded(nodeEnv: string | undefined): Promise<string[]> {
  const server = await startServer({ nodeEnv, args: ['--import', './tests/helpers/react-build-probe.ts'] });
  const home = await fetch(`${server.base}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain('<div id="root">');
  const output = await stop(server);
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

describe('the compiled server finds the programs it starts by file', () => {
  it("the start's variant survey (a process of its own) runs: an image stored without variants gets them", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-prod-build-'));
    const uploads = join(dataDir, 'uploads');
    mkdirSync(uploads);
    const name = '0b8c1f7e-0000-4000-8000-00000000beef.jpg';
    writeFileSync(join(uploads, name), await image('jpeg', '#447788', { width: 700, height: 400 }));
    const server = await startServer({ dataDir });
    const wanted = imageFiles(`/uploads/${name}`);
    const deadline = Date.now() + 60_000;
    while (!wanted.every((f) => existsSync(join(uploads, f))) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const output = await stop(server);
    expect(
      readdirSync(uploads)
        .filter((f) => f.startsWith(name.slice(0, 36)))
        .sort(),
      output,
    ).toEqual([...wanted].sort());
    expect(output).not.toMatch(/image variants not created/);
  }, 180_000);
});
