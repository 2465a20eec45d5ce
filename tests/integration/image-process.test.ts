import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/errors.ts';
import { storeImage, writeVariants } from '../../src/media/file-store.ts';
import { closeImageProcess, imageProcessPid } from '../../src/media/image-process.ts';
import { prepareImage } from '../../src/media/media.service.ts';
import { largePhoto } from '../helpers/images.ts';

/**
 * sharp/libvips work runs in a child process (src/media/image-process.ts), so the server never
 * keeps libvips' memory: the child exits once idle, and one that dies under a job answers a clear
 * 503 and leaves no file behind.
 */
const root = resolve(import.meta.dirname, '..', '..');
const dirs: string[] = [];
afterAll(async () => {
  await closeImageProcess();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(what: () => boolean, ms: number): Promise<void> {
  for (const end = Date.now() + ms; !what(); ) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const png = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#135' } })
    .png()
    .toBuffer();

describe('the image process', () => {
  it.skipIf(process.platform !== 'linux')('the server never loads libvips: the modules it runs do not import sharp', () => {
    const script = `await import('./server/app.ts'); await import('./server/boot.ts');
      const { readFileSync } = await import('node:fs');
      console.log(readFileSync('/proc/self/maps', 'utf8').includes('libvips') ? 'libvips loaded' : 'no libvips');`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('no libvips');
  });

  it('checks and re-encodes an upload in a child process, which exits once idle', async () => {
    const image = await prepareImage({ filename: 'a.png', data: await png() });
    expect(image.ext).toBe('png');
    expect((await sharp(image.data).metadata()).width).toBe(300);
    const pid = imageProcessPid();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);
    expect(alive(pid as number)).toBe(true);
    // Idle for 5 s: the child exits and gives its memory back.
    await until(() => !alive(pid as number), 15_000);
    expect(imageProcessPid()).toBeNull();
  }, 30_000);

  it('a child that dies under a job: the upload answers 503 with a clear message; background variants leave no file; the next job works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'image-process-'));
    dirs.push(dir);
    await prepareImage({ filename: 'warm.png', data: await png() }); // the child is up
    const photo = await largePhoto();
    const checking = prepareImage({ filename: 'foto.jpg', data: photo });
    checking.catch(() => {});
    await new Promise((r) => setTimeout(r, 5)); // the child is at work on it (a warm child re-encodes this photo in about 40 ms)
    process.kill(imageProcessPid() as number, 'SIGKILL');
    await expect(checking).rejects.toMatchObject({ kind: 'UNAVAILABLE', message: MESSAGES.imageProcessingUnavailable });

    // The variants of a stored original, made in the background, when the child dies under them.
    const stored = await storeImage(dir, 'jpg', photo);
    const encoding = writeVariants(dir, stored.fileName, photo);
    encoding.catch(() => {});
    await until(() => imageProcessPid() !== null, 10_000);
    await new Promise((r) => setTimeout(r, 50));
    process.kill(imageProcessPid() as number, 'SIGKILL');
    await expect(encoding).rejects.toMatchObject({ kind: 'UNAVAILABLE', message: MESSAGES.imageProcessingUnavailable });
    expect(readdirSync(dir).sort()).toEqual([stored.marker, stored.fileName].sort());
    const next = await prepareImage({ filename: 'b.png', data: await png() });
    expect(next.ext).toBe('png');
  }, 30_000);
});
