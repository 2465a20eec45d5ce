/**
 * `npm test`: lint, typecheck, the integration suite on PGlite, the same suite on PostgreSQL when
 * TEST_DATABASE_URL is set, the fault-injection suite (tests/fault) on each, then the browser tests. Stops at the first failing step.
 * Steps listed together run side by side (their output is printed whole, one after the other, as
 * each ends): the two fault legs spend most of their time waiting on the processes they stop.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const pgUrl = process.env.TEST_DATABASE_URL;
const { TEST_DATABASE_URL: _omit, ...envWithoutPg } = process.env;

const FAULT_SUITE = ['node', '--test', '--test-reporter=spec', '--test-concurrency=1', '--test-timeout=170000', 'tests/fault/*.test.ts'];

type Step = { name: string; cmd: string[]; env?: NodeJS.ProcessEnv };

// The demo shop every browser test file starts a copy of (tests/e2e/template.ts), made once.
const e2eTemplate = mkdtempSync(join(tmpdir(), 'shop-e2e-template-'));
process.on('exit', () => rmSync(e2eTemplate, { recursive: true, force: true }));

const steps: (Step | Step[])[] = [
  { name: 'lint (biome)', cmd: ['biome', 'check', '.'] },
  { name: 'typecheck (tsc)', cmd: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  // Every UI text is extracted and translated: an unextracted one would ship as a bare hash id.
  { name: 'i18n catalogs in sync with the sources (lingui)', cmd: ['lingui', 'check', 'sync'] },
  { name: 'integration tests on PGlite', cmd: ['vitest', 'run'], env: envWithoutPg },
  // The PostgreSQL leg beside the real server process under faults (SIGTERM and SIGKILL under
  // load, database connections cut), which spends most of its time waiting on the processes it
  // stops: 239 s side by side against 156 + 147 s one after the other (2026-11-28).
  [
    ...(pgUrl
      ? [{ name: `integration tests on PostgreSQL (${new URL(pgUrl).host})`, cmd: ['vitest', 'run'], env: { ...process.env } }]
      : []),
    { name: 'fault-injection suite on PGlite', cmd: FAULT_SUITE, env: envWithoutPg },
    ...(pgUrl ? [{ name: 'fault-injection suite on PostgreSQL', cmd: FAULT_SUITE, env: { ...process.env } }] : []),
  ],
  { name: 'browser tests: the demo shop they start from', cmd: ['node', 'tests/e2e/template.ts', e2eTemplate], env: envWithoutPg },
  {
    name: 'browser tests (Playwright + Chromium)',
    // A browser test that waits forever fails after five minutes instead of holding CI to its limit.
    // Two files at a time (each its own server and browser): 449 s against 715 s one at a time
    // (2026-11-28, 153 tests). The one check that contention ever moved was a layout shift of
    // 0.0000045 where none was allowed (layout.test.ts now allows subpixel rounding).
    cmd: ['node', '--test', '--test-reporter=spec', '--test-concurrency=2', '--test-timeout=300000', 'tests/e2e/*.test.ts'],
    env: { ...envWithoutPg, E2E_TEMPLATE_DIR: e2eTemplate },
  },
];

/** Runs a step; its output goes straight through, or is kept and returned when `keep` is set. */
function run(step: Step, keep: boolean): Promise<{ status: number; output: string }> {
  const [bin = '', ...args] = step.cmd;
  return new Promise((resolve) => {
    const child = spawn(bin, args, { stdio: keep ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: step.env ?? process.env });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (d: Buffer) => chunks.push(d));
    child.stderr?.on('data', (d: Buffer) => chunks.push(d));
    child.on('error', (e) => chunks.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }));
  });
}

const fail = (name: string, status: number): never => {
  console.error(`\n== FAILED: ${name}`);
  process.exit(status || 1);
};

for (const entry of steps) {
  const group = Array.isArray(entry) ? entry : [entry];
  if (group.length === 1 && group[0]) {
    console.log(`\n== ${group[0].name}`);
    const r = await run(group[0], false);
    if (r.status !== 0) fail(group[0].name, r.status);
    continue;
  }
  console.log(`\n== side by side: ${group.map((s) => s.name).join('; ')}`);
  const results = await Promise.all(group.map((s) => run(s, true)));
  for (const [i, s] of group.entries()) {
    console.log(`\n== ${s.name}\n${results[i]?.output ?? ''}`);
  }
  for (const [i, s] of group.entries()) if (results[i]?.status !== 0) fail(s.name, results[i]?.status ?? 1);
}
if (!pgUrl) console.log('\n(TEST_DATABASE_URL not set: the PostgreSQL leg was skipped. CI sets it.)');
console.log('\n== all test steps passed');
