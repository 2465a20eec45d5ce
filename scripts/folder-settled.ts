import { existsSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { STORED_IMAGE, VARIANT_FORMATS, VARIANT_WIDTHS, variantUrl } from '../shared/image-variants.ts';

/** Whether every stored original in the listing has all its variants and no temporary file is left. */
function complete(names: string[]): boolean {
  const present = new Set(names);
  if (names.some((n) => n.endsWith('.tmp'))) return false;
  for (const n of names) {
    const url = `/uploads/${n}`;
    if (!STORED_IMAGE.test(url)) continue;
    for (const w of VARIANT_WIDTHS)
      for (const f of VARIANT_FORMATS) if (!present.has((variantUrl(url, w, f) ?? '').slice('/uploads/'.length))) return false;
  }
  return true;
}

/**
 * Resolves once a shop's uploads folder is done with the image variants drawn in the background
 * after a start or a seed: every original has its full set, no temporary file is left, and the
 * listing has not changed for `quietMs` (3 s), polled every 500 ms. A folder whose listing stays
 * unchanged for `giveUpMs` (60 s) counts as settled even with a variant missing (an original whose
 * variants cannot be drawn). Quiet alone is not enough: on a slow machine the first image's ten
 * variants take longer than 3 s to encode before any file shows up. For the tests and the
 * benchmark, which run the shop as a process and cannot ask it (in process,
 * src/media/backfill.ts's `variantsIdle` says so). Throws past `timeoutMs` (10 minutes).
 */
export async function folderSettled(dir: string, { quietMs = 3000, giveUpMs = 60_000, timeoutMs = 600_000 } = {}): Promise<void> {
  const names = () => (existsSync(dir) ? readdirSync(dir).sort() : []);
  const deadline = Date.now() + timeoutMs;
  let last = names();
  let quietSince = Date.now();
  for (;;) {
    const quiet = Date.now() - quietSince;
    if (quiet >= giveUpMs || (quiet >= quietMs && complete(last))) return;
    if (Date.now() > deadline) throw new Error(`${dir} still changing after ${timeoutMs / 1000} s`);
    await sleep(500);
    const now = names();
    if (now.join('\n') !== last.join('\n')) {
      last = now;
      quietSince = Date.now();
    }
  }
}
