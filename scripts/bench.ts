/**
 * Storefront benchmark: serves the built shop (in-memory PGlite with the demo catalogue) on
 * 127.0.0.1 and measures latency and throughput of the pages and calls shoppers hit most, plus the
 * bytes the storefront ships. Run `npm run build` first, then `npm run bench`.
 * Bounded: a fixed number of requests per scenario, loopback only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../server/app.ts';
import { loadConfig, uploadsDirOf } from '../server/config.ts';
import { readAssets } from '../server/ssr/manifest.ts';
import { openDatabase } from '../src/db/database.ts';
import { seedDemo } from '../src/demo/seed.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

async function measure(url: string): Promise<{ p50: number; p95: number; p99: number; rps: number }> {
  for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer();
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  const total = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), rps: times.length / total };
}

const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const db = await openDatabase({ kind: 'memory' });
await db.migrate();
await seedDemo(db.fork(), uploadsDirOf(config));
const app = await buildApp({ config, db });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

try {
  const home = (await (await fetch(`${base}/trpc/catalog.home`)).json()).result.data;
  const slug = home.featured[0]?.slug ?? home.sections[0]?.products[0]?.slug;
  const search = encodeURIComponent(JSON.stringify({ q: 'cam', limit: 8 }));
  const scenarios: [string, string][] = [
    ['SSR home /', `${base}/`],
    ['SSR product page', `${base}/produto/${slug}`],
    ['search (tRPC catalog.products q=cam)', `${base}/trpc/catalog.products?input=${search}`],
    ['search (legacy list.php?q=cam)', `${base}/api/products/list.php?q=cam&limit=8`],
    ['settings (legacy get.php)', `${base}/settings/get.php`],
  ];
  console.log(`\n${REQUESTS} requests per scenario, ${CONCURRENCY} at a time, Node ${process.version}\n`);
  console.log('scenario'.padEnd(42), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8), 'req/s'.padStart(8));
  for (const [name, url] of scenarios) {
    const r = await measure(url);
    console.log(
      name.padEnd(42),
      r.p50.toFixed(1).padStart(8),
      r.p95.toFixed(1).padStart(8),
      r.p99.toFixed(1).padStart(8),
      r.rps.toFixed(0).padStart(8),
    );
  }

  const clientDir = resolve(import.meta.dirname, '..', 'dist', 'client');
  const { storefront } = readAssets(clientDir);
  const gz = (files: string[]) => files.reduce((n, f) => n + gzipSync(readFileSync(join(clientDir, f))).length, 0) / 1024;
  const homeHtml = await (await fetch(`${base}/`)).text();
  console.log('\nstorefront bytes (gzip):');
  console.log(`  JavaScript up front  ${gz([storefront.script, ...storefront.preload]).toFixed(1)} KB`);
  console.log(`  CSS                  ${gz(storefront.css).toFixed(1)} KB`);
  console.log(`  home HTML            ${(gzipSync(homeHtml).length / 1024).toFixed(1)} KB`);
} finally {
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
