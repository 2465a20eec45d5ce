import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { privateCacheDir } from '../server/compile-cache.ts';

/** The module compile cache's directory: only one this user made and nobody else may write is used. */
describe('privateCacheDir', () => {
  const roots: string[] = [];
  const root = () => {
    const dir = mkdtempSync(join(tmpdir(), 'compile-cache-dir-'));
    roots.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('makes a missing directory for this user alone', () => {
    const dir = join(root(), 'cache');
    expect(privateCacheDir(dir)).toBe(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('uses a directory of this user that nobody else may write', () => {
    const dir = join(root(), 'cache');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    expect(privateCacheDir(dir)).toBe(dir);
  });

  it('refuses a directory others may write', () => {
    const dir = join(root(), 'cache');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    expect(privateCacheDir(dir)).toEqual({ refused: `${dir} may be written by others` });
    chmodSync(dir, 0o720);
    expect(privateCacheDir(dir)).toEqual({ refused: `${dir} may be written by others` });
  });

  it('refuses a link, even to a directory of its own', () => {
    const base = root();
    mkdirSync(join(base, 'real'), { mode: 0o700 });
    symlinkSync(join(base, 'real'), join(base, 'cache'));
    expect(privateCacheDir(join(base, 'cache'))).toEqual({ refused: `${join(base, 'cache')} is not a directory` });
  });

  it.runIf(process.getuid?.() === 0)('refuses a directory another user made first', () => {
    const dir = join(root(), 'cache');
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, 65534, 65534);
    expect(privateCacheDir(dir)).toEqual({ refused: `${dir} belongs to another user` });
  });

  it('says why when the directory cannot be made', () => {
    const result = privateCacheDir(join(root(), 'missing-parent', 'cache'));
    expect(result).toMatchObject({ refused: expect.stringContaining('ENOENT') });
  });
});
