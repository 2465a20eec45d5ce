import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderNames } from '../src/media/folder-names.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-folder-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const openFolders = () => readdirSync('/proc/self/fd').length;

describe('folderNames: a folder read name by name', () => {
  it('yields every name once, across many reads of 1,024 entries, and closes the folder', () => {
    for (let i = 0; i < 3000; i++) writeFileSync(join(dir, `f-${i}.webp`), '');
    const before = openFolders();
    const names = [...folderNames(dir)];
    expect(names).toHaveLength(3000);
    expect(new Set(names).size).toBe(3000);
    expect(names.sort()).toEqual(readdirSync(dir).sort());
    expect(openFolders()).toBe(before);
  });

  it('closes the folder when the reader stops early', () => {
    const before = openFolders();
    for (const name of folderNames(dir)) if (name) break;
    expect(openFolders()).toBe(before);
  });

  it('a folder that does not exist fails at the first name', () => {
    const names = folderNames(join(dir, 'missing'));
    expect(() => names.next()).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});
