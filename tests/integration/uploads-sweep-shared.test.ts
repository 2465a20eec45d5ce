import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SWEEP_AFTER_MS, storeImage, sweepUploads, temporaryPath } from '../../src/media/file-store.ts';
import { imageFiles } from '../../src/media/image-files.ts';
import { png } from '../helpers/images.ts';

/**
 * Several instances share one uploads folder: the start-up sweep of one must not remove another's
 * upload in flight. An upload (its `.uploading` marker) or a temporary file is swept only when its
 * writer is certainly gone (a process of this machine that has exited, or a marker from before
 * markers named their writer) or when it is older than SWEEP_AFTER_MS.
 */
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'shop-sweep-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const noRows = async () => new Set<string>();
const files = () => readdirSync(dir).sort();

/** An upload cut short as another process leaves it mid-way: original, some variants, a temporary file and the marker. */
function upload(uuid: string, owner: string, ageMs = 0): string[] {
  const names = [...imageFiles(`/uploads/${uuid}.png`).slice(0, 4), `.${uuid}-960.webp.1a2b3c4d.tmp`, `.${uuid}.uploading`];
  for (const n of names) writeFileSync(join(dir, n), n.endsWith('.uploading') ? owner : 'x');
  if (ageMs) backdate(names, ageMs);
  return names;
}

function backdate(names: string[], ageMs: number): void {
  const then = new Date(Date.now() - ageMs);
  for (const n of names) utimesSync(join(dir, n), then, then);
}

/** The pid of a process that has exited (and been reaped). */
function exitedPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid as number;
}

describe('the start-up sweep with a shared uploads folder', () => {
  it("leaves another machine's (or container's) upload in flight alone: marker, files and temporary file", async () => {
    const names = upload('0b8c1f7e-0000-4000-8000-0000000000a1', 'another-boot_pid:[4026531836] 4242\n');
    const report = await sweepUploads(dir, noRows);
    expect(report).toMatchObject({ uploadsInFlight: 1, uploadsRemoved: 0, temporary: 0, orphanVariants: 0 });
    expect(files()).toEqual([...names].sort());
  });

  it('sweeps the same upload once it is older than SWEEP_AFTER_MS', async () => {
    const uuid = '0b8c1f7e-0000-4000-8000-0000000000a2';
    upload(uuid, 'another-boot_pid:[4026531836] 4242\n', SWEEP_AFTER_MS + 60_000);
    const report = await sweepUploads(dir, noRows);
    expect(report).toMatchObject({ uploadsInFlight: 0, uploadsRemoved: 1, temporary: 1 });
    expect(files()).toEqual([]);
  });

  it("leaves this process's own upload in flight alone (storeImage's marker names its writer)", async () => {
    const stored = await storeImage(dir, 'png', await png());
    const before = files();
    expect(before).toContain(stored.marker);
    const report = await sweepUploads(dir, noRows);
    expect(report).toMatchObject({ uploadsInFlight: 1, uploadsRemoved: 0, orphanVariants: 0 });
    expect(files()).toEqual(before);
  });

  it.runIf(existsSync('/proc/self/ns/pid'))(
    'sweeps at once an upload whose writer, a process of this machine, has exited (a crash)',
    async () => {
      const stored = await storeImage(dir, 'png', await png());
      const owner = readFileSync(join(dir, stored.marker), 'utf8');
      const [place] = owner.trim().split(' ');
      writeFileSync(join(dir, stored.marker), `${place} ${exitedPid()}\n`);
      writeFileSync(join(dir, `.${stored.fileName}.9f8e7d6c.tmp`), 'x');
      const report = await sweepUploads(dir, noRows);
      expect(report).toMatchObject({ uploadsInFlight: 0, uploadsRemoved: 1, temporary: 1 });
      expect(files()).toEqual([]);
    },
  );

  it.runIf(existsSync('/proc/self/ns/pid'))(
    "sweeps at once a young temporary file whose writer has exited (killed mid-variant after its upload committed); a live or another place's writer's stays",
    async () => {
      const uuid = '0b8c1f7e-0000-4000-8000-0000000000a5';
      writeFileSync(join(dir, `${uuid}.png`), 'x'); // committed: no marker, a row refers to it
      const mine = basename(temporaryPath(dir, `${uuid}-960.avif`));
      expect(mine).toMatch(new RegExp(`^\\.${uuid}-960\\.avif\\.[0-9a-f]{8}\\.[0-9a-fx]+-${process.pid}\\.tmp$`));
      const dead = mine.replace(`-${process.pid}.tmp`, `-${exitedPid()}.tmp`).replace('-960.', '-640.');
      const elsewhere = dead.replace(/\.[0-9a-fx]+-(\d+)\.tmp$/, '.0123456789ab-$1.tmp').replace('-640.', '-320.');
      for (const n of [mine, dead, elsewhere]) writeFileSync(join(dir, n), 'x');
      const report = await sweepUploads(dir, async () => new Set([`/uploads/${uuid}.png`]));
      expect(report.temporary).toBe(1);
      expect(files()).toEqual([mine, elsewhere, `${uuid}.png`].sort());
    },
  );

  it('a temporary file of no upload goes only once it is old (it may be a variant being written elsewhere)', async () => {
    const young = '.0b8c1f7e-0000-4000-8000-0000000000a3-640.avif.11112222.tmp';
    const old = '.0b8c1f7e-0000-4000-8000-0000000000a4-640.avif.33334444.tmp';
    writeFileSync(join(dir, young), 'x');
    writeFileSync(join(dir, old), 'x');
    backdate([old], SWEEP_AFTER_MS + 1000);
    const report = await sweepUploads(dir, noRows);
    expect(report.temporary).toBe(1);
    expect(files()).toEqual([young]);
  });
});
