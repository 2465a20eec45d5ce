import { execFileSync } from 'node:child_process';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes the uploads folder refuse every write, rename and delete — a real file-system fault, as
 * an operator would cause it. The tests run as root, so permissions block nothing: the folder is
 * made immutable (`chattr +i`, which binds root too). Where the file system or the container
 * refuses chattr, the folder is swapped for a regular file, so every path under it fails with
 * ENOTDIR. Returns the function that undoes the fault.
 */
export function refuseWrites(dir: string): () => void {
  try {
    execFileSync('chattr', ['+i', dir], { stdio: 'ignore' });
    try {
      writeFileSync(join(dir, '.probe'), '');
      rmSync(join(dir, '.probe'));
      execFileSync('chattr', ['-i', dir], { stdio: 'ignore' });
    } catch {
      return () => execFileSync('chattr', ['-i', dir], { stdio: 'ignore' });
    }
  } catch {
    // chattr unavailable: fall through to the swap.
  }
  const away = `${dir}.away`;
  renameSync(dir, away);
  writeFileSync(dir, 'not a folder');
  return () => {
    rmSync(dir);
    renameSync(away, dir);
  };
}
