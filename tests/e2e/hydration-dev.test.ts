import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { buildApp } from '../../server/app.ts';
import { loadConfig, uploadsDirOf } from '../../server/config.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { seedDemo } from '../../src/demo/seed.ts';
import { launchBrowser } from './server.ts';

/**
 * React's production build says nothing about most hydration mismatches; its development build
 * warns about every one. This builds the client in development mode and checks the storefront's
 * pages hydrate without a single warning.
 */
const root = resolve(import.meta.dirname, '..', '..');
const distDir = join(root, 'dist-dev');
let app: FastifyInstance;
let db: Database;
let browser: Browser;
let base: string;
let dataDir: string;

function viteBuild(args: string[]) {
  const r = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--mode', 'development', '--logLevel', 'warn', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  });
  assert.equal(r.status, 0, `vite build ${args.join(' ')} failed`);
}

before(async () => {
  viteBuild(['--outDir', join(distDir, 'client')]);
  viteBuild(['--ssr', 'client/entry-server.tsx', '--outDir', join(distDir, 'server')]);
  dataDir = mkdtempSync(join(tmpdir(), 'shop-hydration-'));
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  db = await openDatabase({ kind: 'memory' });
  await db.migrate();
  await seedDemo(db.fork(), uploadsDirOf(config));
  app = await buildApp({ config, db, distDir });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.close();
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
});

describe('hydration with React development builds', () => {
  for (const path of ['/', '/produto/kit-presente-cafe-especial', '/colecao/camisetas', '/produto/nao-existe']) {
    for (const width of [390, 1280]) {
      it(`${path} at ${width}px hydrates without warnings`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        await context.route('**/*', (r) => (r.request().url().startsWith(base) ? r.continue() : r.abort()));
        const page = await context.newPage();
        const messages: string[] = [];
        page.on('console', (m) => {
          if (['error', 'warning'].includes(m.type()) && !m.text().startsWith('Failed to load resource')) messages.push(m.text());
        });
        page.on('pageerror', (e) => messages.push(e.message));
        await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
        await page.waitForSelector('html[data-hydrated="true"]');
        assert.deepEqual(messages, []);
        await context.close();
      });
    }
  }
});
