import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDirOf } from '../../server/config.ts';
import { checkCsv } from '../../src/import/csv-import.service.ts';
import { applyImport } from '../../src/import/import-apply.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { ADMIN_USER, contextFor } from '../helpers/context.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let api: AdminApi;

const COUNT = 5_000;
/** About 2 KB of description each: the catalogue's text (~10 MB) dwarfs one batch. */
const words = 'Camiseta de algodão orgânico, macia e leve, feita à mão no Ceará. '.repeat(32);

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/**
 * Peak live heap above the start while `run` runs, sampled every 500 ms and
 * whenever `run` calls `sample` (the embedded database answers without giving timers a turn).
 */
async function heapGrowth(run: (sample: () => void) => Promise<void>): Promise<{ peak: number; kept: number; samples: number }> {
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  let samples = 0;
  // Garbage is collected at each sample: what is measured is what the work holds, not what it dropped.
  const sample = () => {
    samples++;
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const sampler = setInterval(sample, 500);
  try {
    await run(sample);
  } finally {
    clearInterval(sampler);
  }
  gc();
  return { peak: peak - before, kept: process.memoryUsage().heapUsed - before, samples };
}

beforeAll(async () => {
  t = await createTestApp();
  api = await adminApi(t);
});
afterAll(() => t.close());

describe('5,000 products', () => {
  it('dry run, import and export in bounded memory (measured, not timed)', { timeout: 300_000 }, async () => {
    const lines = ['URL handle,Title,Description,Price,Compare-at price'];
    for (let i = 1; i <= COUNT; i++) lines.push(`produto-${i},Produto ${i},"<p>${words}${i}</p>",${10 + (i % 90)}.90,`);
    const csv = Buffer.from(lines.join('\n'));
    expect(csv.length).toBeGreaterThan(10_000_000);

    const ctx = { ...contextFor(t.db, ADMIN_USER), uploadsDir: uploadsDirOf(t.config), imports: t.app.imports };
    let draftId = '';
    const dryRun = await heapGrowth(async () => {
      const run = await checkCsv(ctx, 'grande.csv', csv);
      expect(run.counts).toEqual({ create: COUNT, update: 0, unchanged: 0, refuse: 0 });
      draftId = run.draftId;
    });
    const products = t.app.imports.csvDraft?.products ?? [];
    const apply = await heapGrowth(async (sample) => {
      const result = await applyImport(ctx, products, { onProgress: sample });
      expect(result.counts.create).toBe(COUNT);
    });
    expect(draftId).not.toBe('');
    expect(await api.count('products')).toBe(COUNT);

    let bytes = 0;
    const exported = await heapGrowth(async (sample) => {
      // Read as a stream, counted and dropped: only the server's side is measured. Sampled every
      // 512 KB received too (server and reader share this process), not only by the clock: on a
      // quiet machine the whole export takes less than the sampler's period.
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${base}/admin-api/catalog/export.csv`, { headers: { cookie: api.cookie } });
      let next = 512 * 1024;
      for await (const chunk of res.body as ReadableStream<Uint8Array>) {
        bytes += chunk.length;
        if (bytes >= next) {
          sample();
          next += 512 * 1024;
        }
      }
    });
    expect(bytes).toBeGreaterThan(csv.length);

    // The dry run keeps the file's products for 'Importar' (the draft, about twice the file's size);
    // planning, writing (200 products per flush, one transaction) and the export (500 per query)
    // never hold the catalogue: ~10 MB of text, ~20 MB as JS strings, several times that as entities.
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    console.log(
      `heap: dry run kept ${mb(dryRun.kept)} MB; apply peak ${mb(apply.peak)} MB (${apply.samples} samples); export peak ${mb(exported.peak)} MB (${exported.samples} samples); file ${mb(csv.length)} MB`,
    );
    expect(dryRun.kept).toBeLessThan(3 * csv.length);
    expect(apply.samples).toBeGreaterThanOrEqual(COUNT / 200);
    expect(apply.peak).toBeLessThan(csv.length / 2);
    expect(exported.samples).toBeGreaterThan(2);
    expect(exported.peak).toBeLessThan(csv.length * 0.75);
  });
});
