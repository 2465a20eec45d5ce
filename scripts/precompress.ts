/**
 * Build post-step: writes `<file>.br` and `<file>.gz` next to every compressible asset in
 * dist/client/assets, at maximum quality (once per build, so the server never compresses them per
 * request; @fastify/static serves them with `preCompressed`). A variant that would not be smaller
 * is not written. Usage: node scripts/precompress.ts [dir]
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|xml|map|wasm|ttf|otf)$/;

export function precompress(dir: string): { files: number; bytes: number; br: number; gz: number } {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = join(dir, name);
    if (/\.(br|gz)$/.test(name)) {
      rmSync(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: /\.(ttf|otf|wasm)$/.test(name) ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    totals.files++;
    totals.bytes += raw.length;
    if (br.length < raw.length) {
      writeFileSync(`${file}.br`, br);
      totals.br += br.length;
    }
    if (gz.length < raw.length) {
      writeFileSync(`${file}.gz`, gz);
      totals.gz += gz.length;
    }
  }
  return totals;
}

if (import.meta.main) {
  const dir = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'dist', 'client', 'assets'));
  const t = precompress(dir);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`precompressed ${t.files} assets in ${dir}: ${kb(t.bytes)} → brotli ${kb(t.br)}, gzip ${kb(t.gz)}`);
}
