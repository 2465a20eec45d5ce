import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { heapFlags, MALLOC_ENV } from '../../src/process-settings.ts';

const EMBEDDED = heapFlags(undefined);

/**
 * The process settings (src/process-settings.ts) that server/main.ts gives itself: a process
 * started without them restarts in place (same pid) with them; settings the operator gave are kept.
 */
const root = resolve(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'process-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const script = join(dir, 'entry.ts');
writeFileSync(
  script,
  `import { reexecWithProcessSettings } from ${JSON.stringify(join(root, 'src', 'process-settings.ts'))};
   const started = process.env.STARTED_AS ?? String(process.pid);
   process.env.STARTED_AS = started;
   reexecWithProcessSettings();
   console.log(JSON.stringify({ startedAs: Number(started), pid: process.pid, execArgv: process.execArgv,
     arenas: process.env.MALLOC_ARENA_MAX, mmap: process.env.MALLOC_MMAP_THRESHOLD_, pad: process.env.MALLOC_TOP_PAD_, heapMb: (await import('node:v8')).getHeapStatistics().heap_size_limit / 1048576 }));`,
);

function run(env: Record<string, string>, nodeArgs: string[] = []) {
  const {
    MALLOC_ARENA_MAX: _a,
    MALLOC_MMAP_THRESHOLD_: _m,
    MALLOC_TOP_PAD_: _p,
    NODE_OPTIONS: _o,
    DATABASE_URL: _d,
    ...clean
  } = process.env;
  const r = spawnSync(process.execPath, [...nodeArgs, script], { env: { ...clean, ...env }, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as {
    startedAs: number;
    pid: number;
    execArgv: string[];
    arenas?: string;
    mmap?: string;
    pad?: string;
    heapMb: number;
  };
}

describe.skipIf(process.platform !== 'linux')('process settings', () => {
  it('a process started without them restarts in place with the malloc variables and the heap limit', () => {
    const out = run({});
    expect(out.pid).toBe(out.startedAs);
    expect(out.arenas).toBe(MALLOC_ENV.MALLOC_ARENA_MAX);
    expect(out.mmap).toBe(MALLOC_ENV.MALLOC_MMAP_THRESHOLD_);
    expect(out.pad).toBe(MALLOC_ENV.MALLOC_TOP_PAD_);
    expect(out.execArgv).toEqual([...EMBEDDED]);
    expect(out.heapMb).toBeLessThan(1000); // old space 256 MB plus the young generation
    expect(out.execArgv).toContain('--max-semi-space-size=8');
    expect(out.execArgv).toContain('--no-allocation-site-pretenuring');
  });

  it('gives a shop on PostgreSQL the larger young generation', () => {
    const out = run({ DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop' });
    expect(out.pid).toBe(out.startedAs);
    expect(out.execArgv).toEqual(heapFlags('postgres://shop@127.0.0.1:5432/shop'));
    expect(out.execArgv).toContain('--max-semi-space-size=12');
  });

  it("keeps the operator's values", () => {
    const out = run({ MALLOC_ARENA_MAX: '4', NODE_OPTIONS: '--max-old-space-size=1024' });
    expect(out.arenas).toBe('4');
    expect(out.mmap).toBe(MALLOC_ENV.MALLOC_MMAP_THRESHOLD_);
    // Only what the operator left unset is added: here all but the old generation's limit.
    expect(out.execArgv).toEqual(EMBEDDED.filter((f) => !f.startsWith('--max-old-space-size=')));
    expect(out.heapMb).toBeGreaterThan(1024); // the operator's old space plus the young generation

    const all = run({ NODE_OPTIONS: '--max-old-space-size=1024 --max_semi_space_size=8' });
    expect(all.execArgv).toEqual(EMBEDDED.filter((f) => !/^--max-(old|semi)-space-size=/.test(f)));
    expect(all.execArgv).toContain('--liftoff-only');

    // A V8 switch the operator turned back on is not turned off again.
    const pretenuring = run({}, ['--allocation-site-pretenuring']);
    expect(pretenuring.execArgv).toEqual([
      ...EMBEDDED.filter((f) => f !== '--no-allocation-site-pretenuring'),
      '--allocation-site-pretenuring',
    ]);
  });
});
