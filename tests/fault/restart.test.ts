import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { SERVER_ENTRY } from '../../src/runtime-files.ts';
import { freePort } from '../helpers/free-port.ts';
import { ADMIN, createStore, onPostgres, type Store, sleep, startShop } from './harness.ts';

/**
 * The newcomer's loop (issue 14): Ctrl-C on `npm start`, then `npm start` again at once. Ctrl-C
 * in a terminal stops the shop without the load balancer's drain delay, and a start that finds the
 * data directory still held by a process that is stopping waits for it instead of refusing.
 */
const root = resolve(import.meta.dirname, '..', '..');
const stores: Store[] = [];
after(async () => {
  for (const s of stores) await s.remove();
});

describe('interactive stop and restart', () => {
  it('Ctrl-C in a terminal stops at once, without the drain delay', async () => {
    const store = await createStore();
    stores.push(store);
    const port = await freePort();
    // `script` gives the shop a real terminal; writing ^C to it is a person pressing Ctrl-C. It runs
    // the command through $SHELL; `exec` makes the shop the terminal's process itself, or a shell
    // such as dash would stay in between, get the SIGINT as well and exit 130 for it.
    const child = spawn('script', ['-qfec', `exec ${process.execPath} ${SERVER_ENTRY}`, '/dev/null'], {
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
        LOG_LEVEL: 'info',
        // A drain delay no busy machine's stop comes near: a stop that waited for it is told
        // apart from a slow one by its time, and the log says which delay was chosen.
        SHUTDOWN_DRAIN_MS: '60000',
        SHUTDOWN_GRACE_MS: '90000',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    try {
      const deadline = Date.now() + 120_000;
      for (;;) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
        } catch {}
        assert.ok(Date.now() < deadline, `shop did not become ready:\n${output}`);
        assert.equal(child.exitCode, null, `shop exited early:\n${output}`);
        await sleep(100);
      }
      const pressed = Date.now();
      child.stdin.write('\x03');
      const code = await exited;
      const tookMs = Date.now() - pressed;
      assert.equal(code, 0, output);
      assert.match(output, /"signal":"SIGINT","drainMs":0,"msg":"shutting down"/);
      assert.ok(tookMs < 30_000, `stopped ${tookMs} ms after Ctrl-C (the drain delay is 60000 ms)`);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('a start right after a stop waits for the stopping process instead of refusing the data directory', { skip: onPostgres }, async () => {
    const store = await createStore();
    stores.push(store);
    const first = await startShop(store, { SHUTDOWN_DRAIN_MS: '12000', SHUTDOWN_GRACE_MS: '30000' });
    first.kill('SIGTERM');
    await sleep(200); // the first one is draining and still holds the data directory
    const second = await startShop(store, { LOG_LEVEL: 'info' });
    try {
      const firstExit = await Promise.race([first.exited, sleep(0).then(() => 'running')]);
      assert.notEqual(firstExit, 'running', 'the second became ready only after the first had stopped');
      if (/waiting up to 15 s/.test(second.output())) assert.match(second.output(), /held by another shop process/);
      assert.equal((await first.exited).code, 0, first.output());
      // (Whether it had to wait depends on how fast it booted; tests/integration/operations.test.ts checks the wait itself.)
      assert.equal((await fetch(`${second.url}/readyz`)).status, 200);
    } finally {
      await second.stop();
    }
  });
});

describe('the module compile cache', () => {
  it('a start writes the compiled code of its modules and the next start reads it', { skip: onPostgres }, async () => {
    const store = await createStore();
    stores.push(store);
    const dir = mkdtempSync(join(tmpdir(), 'shop-compile-cache-'));
    try {
      // No demo catalogue: what is measured is the server's modules, not the seed.
      const env = { NODE_COMPILE_CACHE: dir, LOG_LEVEL: 'info', SEED_DEMO: 'false' };
      const first = await startShop(store, env);
      try {
        // The line comes once the server listens, the cache written just after it (logs go out within a second).
        for (let i = 0; i < 50 && !first.output().includes('module compile cache in'); i++) await sleep(100);
        assert.match(first.output(), new RegExp(`"msg":"module compile cache in ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      } finally {
        assert.equal(await first.stop(), 0, first.output());
      }
      const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
      assert.ok(files.length > 100, `${files.length} files in the compile cache`);
      // Node says, per module, that the code it found was accepted (its debug output, on stderr).
      const second = await startShop(store, { ...env, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
      try {
        assert.match(second.output(), /V8 code cache for ESM file:\/\/\S+\/dist\/app\/server\/app\.js was accepted/);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('by default it is a directory of the shop user alone, not the shared one Node would pick', { skip: onPostgres }, async () => {
    const store = await createStore();
    stores.push(store);
    const env: Record<string, string> = { LOG_LEVEL: 'info', SEED_DEMO: 'false' };
    const shop = await startShop(store, env);
    try {
      for (let i = 0; i < 50 && !shop.output().includes('module compile cache'); i++) await sleep(100);
      const dir = shop.output().match(/"msg":"module compile cache in ([^"]+)"/)?.[1];
      assert.ok(dir, shop.output());
      assert.equal(dir, join(tmpdir(), `shop-node-compile-cache-${process.getuid?.()}`));
      assert.equal(statSync(dir).mode & 0o777, 0o700);
    } finally {
      await shop.stop();
    }
  });

  it('NODE_DISABLE_COMPILE_CACHE=1 turns it off, and the log says so', { skip: onPostgres }, async () => {
    const store = await createStore();
    stores.push(store);
    const shop = await startShop(store, { NODE_DISABLE_COMPILE_CACHE: '1', LOG_LEVEL: 'info', SEED_DEMO: 'false' });
    try {
      for (let i = 0; i < 50 && !shop.output().includes('module compile cache'); i++) await sleep(100);
      assert.match(shop.output(), /"msg":"module compile cache off \(NODE_DISABLE_COMPILE_CACHE\)"/);
    } finally {
      await shop.stop();
    }
  });
});
