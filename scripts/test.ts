/**
 * `npm test`: lint, typecheck, the integration suite on PGlite, the same suite on PostgreSQL when
 * TEST_DATABASE_URL is set, the fault-injection suite (tests/fault) on each, then the browser tests. Stops at the first failing step.
 */
import { spawnSync } from 'node:child_process';

const pgUrl = process.env.TEST_DATABASE_URL;
const { TEST_DATABASE_URL: _omit, ...envWithoutPg } = process.env;

const FAULT_SUITE = ['node', '--test', '--test-reporter=spec', '--test-concurrency=1', '--test-timeout=170000', 'tests/fault/*.test.ts'];

const steps: { name: string; cmd: string[]; env?: NodeJS.ProcessEnv }[] = [
  { name: 'lint (biome)', cmd: ['biome', 'check', '.'] },
  { name: 'typecheck (tsc)', cmd: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  // Every UI text is extracted and translated: an unextracted one would ship as a bare hash id.
  { name: 'i18n catalogs in sync with the sources (lingui)', cmd: ['lingui', 'check', 'sync'] },
  { name: 'integration tests on PGlite', cmd: ['vitest', 'run'], env: envWithoutPg },
  ...(pgUrl ? [{ name: `integration tests on PostgreSQL (${new URL(pgUrl).host})`, cmd: ['vitest', 'run'], env: { ...process.env } }] : []),
  // The real server process under faults (SIGTERM and SIGKILL under load, database connections cut).
  { name: 'fault-injection suite on PGlite', cmd: FAULT_SUITE, env: envWithoutPg },
  ...(pgUrl ? [{ name: 'fault-injection suite on PostgreSQL', cmd: FAULT_SUITE, env: { ...process.env } }] : []),
  {
    name: 'browser tests (Playwright + Chromium)',
    cmd: ['node', '--test', '--test-reporter=spec', 'tests/e2e/*.test.ts'],
    env: envWithoutPg,
  },
];

for (const step of steps) {
  console.log(`\n== ${step.name}`);
  const [bin = '', ...args] = step.cmd;
  const r = spawnSync(bin, args, { stdio: 'inherit', env: step.env ?? process.env });
  if (r.status !== 0) {
    console.error(`\n== FAILED: ${step.name}`);
    process.exit(r.status ?? 1);
  }
}
if (!pgUrl) console.log('\n(TEST_DATABASE_URL not set: the PostgreSQL leg was skipped. CI sets it.)');
console.log('\n== all test steps passed');
