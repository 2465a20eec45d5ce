/**
 * `npm run bench`: the performance issue's targets, measured on this machine and printed as a
 * Markdown table. Server figures are ratios to a bare Fastify route answering {hello:'world'}
 * measured in the same run under the same conditions (its own process, the same core, production
 * mode), so they compare across machines. They are taken per core of server CPU (req/s over the
 * share of its core the server used, see `perCore`), as the load generator on a 2-core machine
 * runs out of CPU first on page-sized answers.
 *
 * The shop runs as `npm start` runs it (the compiled server, production mode, demo catalogue)
 * in a child process pinned to one core (taskset), on the embedded PGlite and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on a fresh database created
 * and dropped here. The load generator (autocannon) runs in this process on the other cores.
 *
 * Options (environment):
 *   BENCH_SECONDS=10            seconds per load scenario (after BENCH_WARMUP_SECONDS=2 of warm-up)
 *   BENCH_SOAK_SECONDS=60       mixed-load period for the memory figures (600 for the full target)
 *   BENCH_SEARCH_PRODUCTS=100000  catalogue size for the search figure
 *   BENCH_LIGHTHOUSE=1 or `npm run bench -- --lighthouse`   also run Lighthouse (slow)
 *   BENCH_LIGHTHOUSE_RUNS=5     Lighthouse runs per page (medians)
 *   BENCH_LIGHTHOUSE_SETUPS=bare,shopify,brazil   which shops Lighthouse measures (brazil: issue 18's full setup)
 *   BENCH_CPU=n                 the core the servers are pinned to (default: the last one)
 *   `npm run bench -- --only=server,merchant,search,lighthouse`   some parts only
 *
 * Cache hits and misses are reported apart: the `server` part repeats a fixed set of URLs (hits,
 * once warm); the `merchant` part (scripts/bench/merchant.ts) asks URLs never asked before in the
 * run, on a generated 20,000-product catalogue, and the search figure asks terms never asked.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { readAssets } from '../server/ssr/manifest.ts';
import { createPgDatabase, PG_ADMIN_URL, SEARCH_WORDS, seedProducts } from './bench/databases.ts';
import { startFloorPage } from './bench/floor-page.ts';
import { type LighthouseFigures, lighthouseMedians } from './bench/lighthouse.ts';
import { type Floor, type LoadRequest, type LoadResult, load, meanFloor } from './bench/load.ts';
import { merchantFigures } from './bench/merchant.ts';
import {
  adminCookie,
  PEAK_RSS_MB,
  pinSelfAwayFromServers,
  SERVER_CPU,
  type Shop,
  startHello,
  startShop,
  unpinSelf,
} from './bench/processes.ts';
import { SHOP, startStorefrontStandIn } from './bench/storefront-stand-in.ts';

const root = resolve(import.meta.dirname, '..');
/** `--only=server,search,lighthouse`: some parts only (default: server and search, and Lighthouse when asked). */
const onlyArg = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const ONLY = new Set(onlyArg ? onlyArg.split(',') : ['server', 'merchant', 'search']);
const LIGHTHOUSE = ONLY.has('lighthouse') || process.argv.includes('--lighthouse') || process.env.BENCH_LIGHTHOUSE === '1';
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const SEARCH_PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000);
/** RSS counts as flat when it grew by at most this much over the soak's last window. */
const FLAT_MB = 10;

type Row = { metric: string; target: string; measured: string; pass: boolean | null };
const rows: Row[] = [];
const notes: string[] = [];
const row = (metric: string, target: string, measured: string, pass: boolean | null) => {
  rows.push({ metric, target, measured, pass });
  console.error(`  ${pass === null ? '·' : pass ? '✓' : '✗'} ${metric}: ${measured}`);
};
const step = (what: string) => console.error(`\n== ${what}`);

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (n: number) => (Number.isFinite(n) ? `${fmt(n, n < 10 ? 1 : 0)} ms` : 'n/a (no response completed)');
const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
const trpc = (path: string, input: unknown) => `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The response body as sent (no decompression), for compressed sizes. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: Record<string, unknown> }> {
  return new Promise((ok, fail) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ body: Buffer.concat(chunks), headers: res.headers }));
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

type Catalogue = { productSlug: string; collectionSlug: string };
async function catalogue(shop: Shop): Promise<Catalogue> {
  type Home = { featured: { slug: string }[]; sections: { collection: { slug: string }; products: { slug: string }[] }[] };
  const home = (await getJson<{ result: { data: Home } }>(`${shop.url}/trpc/catalog.home`)).result.data;
  const productSlug = home.featured[0]?.slug ?? home.sections[0]?.products[0]?.slug;
  const collectionSlug = home.sections[0]?.collection.slug;
  if (!productSlug || !collectionSlug) throw new Error('the demo catalogue has no product or collection');
  return { productSlug, collectionSlug };
}

/** Waits for the shop's readiness query: it queues behind whatever database work is left. */
const settled = (shop: Shop) => () => fetch(`${shop.url}/readyz`).then((r) => r.arrayBuffer());

/**
 * The req/s a server's core answers when the server is the limit: measured req/s over the share of
 * its core it used (load.ts, `serverBusy`). Where the load generator saturates its own core first
 * (large answers: pages of 12-14 KB), the measured req/s is the generator's figure, not the
 * server's; where both are saturated (hello, small reads) the two agree.
 */
const perCore = (r: LoadResult) => (r.serverBusy ? r.rps / r.serverBusy : r.rps);
/** The shop's share of hello, per core of server CPU: the figure the targets are judged on. */
const shareOfHello = (r: LoadResult, hello: LoadResult) => perCore(r) / perCore(hello);
const pct = (x: number) => `${fmt(100 * x, 1)}%`;
const busy = (r: LoadResult) => (r.serverBusy === undefined ? 'n/a' : pct(r.serverBusy));
const throughput = (r: LoadResult, hello: LoadResult) =>
  `${pct(shareOfHello(r, hello))} of hello per server core (${fmt(perCore(r))} vs ${fmt(perCore(hello))} req/s); measured ${fmt(r.rps)} req/s = ${pct(r.rps / hello.rps)} of hello's, server core ${busy(r)} busy (hello's ${busy(hello)}); p99 ${ms(r.p99)}${r.errors ? `; ${r.errors} errors` : ''}`;

// ---------------------------------------------------------------------------------------------

/**
 * The hello route, started once and measured right before and right after each group of rows (each
 * database's cached pages, its cached reads, its pages never asked before): this machine's speed
 * drifts by tens of percent within a minute (hello 52,000-92,000 req/s per core on 2026-11-28,
 * 13,000-21,000 within ten minutes on 2026-11-30's slow evening), so a ratio is only fair against
 * the floor of the same minutes: a row is judged against the mean of the floor before it and the
 * floor after it (`meanFloor`). Each measurement is in the notes.
 */
async function helloFloor(): Promise<{ at: Floor; stop: () => Promise<void> }> {
  const hello = await startHello();
  return {
    at: async (connections, when) => {
      step(`hello floor (bare Fastify route), c${connections}, ${when}`);
      const r = await load(hello.url, [{ path: '/' }], connections, { serverPid: hello.pid });
      const line = `c${connections} ${fmt(r.rps)} req/s (${fmt(perCore(r))} per core, p99 ${ms(r.p99)})`;
      console.error(`  hello ${line}`);
      notes.push(`Hello floor ${when}: ${line}.`);
      return r;
    },
    stop: () => hello.stop(),
  };
}

async function pageWeight(shop: Shop): Promise<void> {
  step('bytes: storefront JavaScript and home HTML');
  const clientDir = join(root, 'dist', 'client');
  const { storefront } = readAssets(clientDir);
  // The entry, its static chunks and the home page's catalog (pt-BR), which hydration waits for.
  const initial = [storefront.script, ...storefront.preload, storefront.catalogs['pt-BR'] ?? ''].filter((f) => f && !/buybutton/i.test(f));
  const brotli = (file: string) => {
    const path = join(clientDir, file);
    try {
      return readFileSync(`${path}.br`).length;
    } catch {
      return brotliCompressSync(readFileSync(path), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    }
  };
  const jsBytes = initial.reduce((n, f) => n + brotli(f), 0);
  // The product's budget, as the developers' guide sets it for this stack (React, TanStack Query and
  // tRPC alone are 76 KB): the performance issue's older 80 KB is below what the fixed libraries
  // weigh (tests/budget.test.ts holds the same line).
  row(
    'Storefront initial JavaScript, brotli, without the Buy Button SDK',
    '≤ 100 KB (the product budget; the older target was 80 KB)',
    `${kb(jsBytes)} (${initial.length} files)`,
    jsBytes <= 100 * 1024,
  );

  const home = await rawGet(`${shop.url}/`, { 'accept-encoding': 'br' });
  const html = (await (await fetch(`${shop.url}/`)).text()).split('<script id="__STATE__"')[0] ?? '';
  const banners = await getJson<{ image_url: string; active?: boolean }[]>(`${shop.url}/api/banners/list.php`);
  const lcpImage = banners.find((b) => b.active !== false)?.image_url ?? '';
  const stem = lcpImage.replace(/^.*\//, '').replace(/\.[a-z0-9]+$/i, '');
  const tags = html.match(/<(?:img|link|source)\b[^>]*>/g) ?? [];
  const discoverable = stem !== '' && tags.some((t) => t.includes(stem));
  const encoding = String(home.headers['content-encoding'] ?? 'identity');
  row(
    'HTML of home, compressed, with the LCP image discoverable in it',
    '≤ 14 KB; LCP image in the HTML',
    `${kb(home.body.length)} (${encoding}); LCP image (first banner) ${discoverable ? 'in an <img>/<link> tag' : 'not found in the markup'}`,
    home.body.length <= 14 * 1024 && encoding !== 'identity' && discoverable,
  );
}

async function serverFigures(kind: 'PGlite' | 'PostgreSQL', floor: Floor): Promise<void> {
  const pg = kind === 'PostgreSQL' ? await createPgDatabase() : null;
  step(`${kind}: the shop with the demo catalogue`);
  let shop = await startShop({ databaseUrl: pg?.url });
  try {
    const startRss = (await shop.stats()).rssMb;
    console.error(`  first start (migrations + demo seed): ready in ${ms(shop.readyMs)}, RSS ${fmt(startRss)} MB`);
    const { productSlug, collectionSlug } = await catalogue(shop);
    // The first start's peak, its background work included (the demo images' variants).
    await shop.settled();
    const firstPeak = shop.peakRssMb();
    row(
      `Peak RSS (VmHWM), first start with the demo seed, ${kind}`,
      `≤ ${PEAK_RSS_MB[kind]} MB`,
      `${fmt(firstPeak)} MB`,
      firstPeak <= PEAK_RSS_MB[kind],
    );
    if (kind === 'PGlite') {
      await pageWeight(shop);
      shop = await shop.restart();
      row(
        'Restart answers /readyz, embedded database',
        '≤ 3 s',
        `${fmt(shop.readyMs / 1000, 2)} s (process spawn to first 200)`,
        shop.readyMs <= 3000,
      );
    }

    // Settled first: the shop's own work after its start would share the core with hello's floor.
    await shop.settled();
    const before = await floor(10, `before ${kind}'s cached pages`);
    step(`${kind}: server-rendered pages, c10`);
    const pages: [string, LoadResult][] = [];
    for (const [name, path] of [
      ['home', '/'],
      ['product page', `/produto/${productSlug}`],
    ] as const) {
      pages.push([name, await load(shop.url, [{ path }], 10, { settle: settled(shop), serverPid: shop.pid })]);
    }
    const pagesFloor = meanFloor(before, await floor(10, `after ${kind}'s cached pages`));
    for (const [name, r] of pages) {
      row(
        `SSR ${name}, c10, ${kind}`,
        '≥ 25% of hello; p99 ≤ 30 ms',
        throughput(r, pagesFloor),
        shareOfHello(r, pagesFloor) >= 0.25 && r.p99 <= 30 && !r.errors,
      );
    }

    const readsBefore = await floor(50, `before ${kind}'s cached reads`);
    step(`${kind}: public reads, c50`);
    shop.resetLoopDelay();
    const reads: [string, string][] = [
      ['list.php', '/api/products/list.php'],
      ['tRPC catalog.home', '/trpc/catalog.home'],
      ['tRPC catalog.products (search)', trpc('catalog.products', { q: 'cam', limit: 8 })],
      ['tRPC catalog.collectionPage', trpc('catalog.collectionPage', { slug: collectionSlug })],
    ];
    const answered: [string, LoadResult][] = [];
    for (const [name, path] of reads) {
      answered.push([name, await load(shop.url, [{ path }], 50, { settle: settled(shop), serverPid: shop.pid })]);
    }
    const loop = await shop.stats();
    const readsFloor = meanFloor(readsBefore, await floor(50, `after ${kind}'s cached reads`));
    for (const [name, r] of answered) {
      row(`${name}, c50, ${kind}`, '≥ 50% of hello', throughput(r, readsFloor), shareOfHello(r, readsFloor) >= 0.5 && !r.errors);
    }
    if (kind === 'PGlite') {
      const { loopP99Ms, loopMaxMs } = loop;
      row(
        'Event-loop delay p99 under c50, PGlite',
        '≤ 20 ms',
        `${ms(loopP99Ms)} (max ${ms(loopMaxMs)}) over the c50 reads`,
        loopP99Ms <= 20,
      );
    }

    step(`${kind}: memory over ${SOAK_SECONDS} s of mixed load`);
    const mixed: LoadRequest[] = [
      { path: '/' },
      { path: `/produto/${productSlug}` },
      { path: `/colecao/${collectionSlug}` },
      ...reads.map(([, path]) => ({ path })),
    ];
    const samples: { t: number; rss: number }[] = [];
    const started = performance.now();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        samples.push({ t: (performance.now() - started) / 1000, rss: (await shop.stats()).rssMb });
        await new Promise((r) => setTimeout(r, 1000));
      }
    })();
    const soak = await load(shop.url, mixed, 10, { seconds: SOAK_SECONDS, settle: settled(shop) });
    sampling = false;
    await sampler;
    const end = samples.at(-1)?.t ?? 0;
    const window = Math.min(300, SOAK_SECONDS / 2);
    const windowStart = samples.find((s) => s.t >= end - window) ?? samples[0];
    const last = samples.at(-1)?.rss ?? Number.NaN;
    const growth = last - (windowStart?.rss ?? last);
    const max = Math.max(...samples.map((s) => s.rss));
    const limit = kind === 'PGlite' ? 400 : 250;
    row(
      `RSS after ${fmt(SOAK_SECONDS / 60, 1)} min of mixed load, ${kind}`,
      `flat over the last 5 min; ≤ ${limit} MB`,
      `start ${fmt(startRss)} MB → end ${fmt(last)} MB, max ${fmt(max)} MB; ${growth >= 0 ? '+' : ''}${fmt(growth, 1)} MB over the last ${fmt(window)} s (${fmt(soak.rps)} req/s)`,
      max <= limit && growth <= FLAT_MB,
    );
    const hwm = shop.peakRssMb();
    row(
      `Peak RSS (VmHWM), demo catalogue, since the last start, ${kind}`,
      `≤ ${PEAK_RSS_MB[kind]} MB`,
      `${fmt(hwm)} MB`,
      hwm <= PEAK_RSS_MB[kind],
    );
  } finally {
    await shop.dispose();
    await pg?.drop();
  }
}

async function searchAtScale(kind: 'PGlite' | 'PostgreSQL'): Promise<void> {
  step(`${kind}: search over ${fmt(SEARCH_PRODUCTS)} products`);
  const pg = kind === 'PostgreSQL' ? await createPgDatabase() : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-search-'));
  try {
    await seedProducts(pg ? { kind: 'postgresql', url: pg.url } : { kind: 'pglite', dataDir }, SEARCH_PRODUCTS);
    const shop = await startShop({ databaseUrl: pg?.url, seedDemo: false, dataDir });
    try {
      // Terms never asked before in the run (cache misses): a word's prefix or a whole word, with a number.
      let n = 0;
      const term = () => {
        n++;
        const word = SEARCH_WORDS[n % SEARCH_WORDS.length] ?? 'kit';
        return trpc('catalog.products', { q: `${n % 2 ? word.slice(0, 3) : word} ${n}`, limit: 8 });
      };
      for (const [connections, target] of [
        [1, 20],
        [10, 50],
      ] as const) {
        const r = await load(shop.url, term, connections, { settle: settled(shop) });
        row(
          `Search with terms never asked before at ${fmt(SEARCH_PRODUCTS / 1000)}k products, p95 (tRPC catalog.products, c${connections}), ${kind}`,
          `≤ ${target} ms`,
          `p95 ${ms(r.p95)}, p99 ${ms(r.p99)}, ${fmt(r.rps)} req/s${r.errors ? `; ${r.errors} errors` : ''}`,
          r.p95 <= target && !r.errors,
        );
      }
    } finally {
      await shop.dispose();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}

/** The method of tools/perf (the issue's figures): the shop, the floor page and Chromium on every core. */
async function lighthouseFigures(): Promise<void> {
  unpinSelf();
  notes.push('Lighthouse: the shop, the floor page and Chromium run unpinned, on every core, as tools/perf measures.');
  const floor = await startFloorPage();
  try {
    const wanted = (process.env.BENCH_LIGHTHOUSE_SETUPS ?? 'bare,shopify,brazil').split(',');
    for (const setup of (['bare', 'shopify', 'brazil'] as const).filter((x) => wanted.includes(x))) {
      const configured = setup !== 'bare';
      const label = LIGHTHOUSE_SETUPS[setup];
      step(`Lighthouse mobile, ${label}, median of ${LIGHTHOUSE_RUNS}`);
      const standIn = configured ? await startStorefrontStandIn() : null;
      const shop = await startShop({
        env: configured ? { SHOPIFY_DOMAIN: SHOP.domain, SHOPIFY_STOREFRONT_TOKEN: SHOP.token } : {},
        pin: false,
      });
      try {
        const { productSlug, collectionSlug } = await catalogue(shop);
        const cookie = configured ? await adminCookie(shop) : '';
        if (configured) await linkShopifyProduct(shop, cookie, productSlug);
        if (setup === 'brazil') await adminPost(shop, cookie, '/settings/update.php', BRAZIL_SETTINGS);
        const pages = {
          home: `${shop.url}/`,
          collection: `${shop.url}/colecao/${collectionSlug}`,
          product: `${shop.url}/produto/${productSlug}`,
        };
        const m = await lighthouseMedians(floor.url, pages, LIGHTHOUSE_RUNS, standIn?.chromeFlags ?? []);
        const f = m.floor as LighthouseFigures;
        for (const page of Object.keys(pages)) {
          const x = m[page] as LighthouseFigures;
          row(
            `Lighthouse mobile, ${page}, ${label}`,
            '≥ 98; LCP ≤ floor + 0.5 s; TBT ≤ 80 ms; CLS ≤ 0.02',
            `${x.score}; LCP ${fmt(x.lcp / 1000, 2)} s (floor ${fmt(f.lcp / 1000, 2)} s); TBT ${ms(x.tbt)}; CLS ${fmt(x.cls, 3)}; FCP ${fmt(x.fcp / 1000, 2)} s; ${kb(x.bytes)}`,
            x.score >= 98 && x.lcp <= f.lcp + 500 && x.tbt <= 80 && x.cls <= 0.02,
          );
        }
      } finally {
        await shop.dispose();
        standIn?.close();
      }
    }
  } finally {
    floor.close();
  }
}

const LIGHTHOUSE_SETUPS = {
  bare: 'without a Shopify shop',
  shopify: 'with a Shopify shop (local Storefront API stand-in)',
  brazil: 'with a Shopify shop, the cookie banner (GA4, Meta and TikTok ids), WhatsApp, legal data and free shipping',
} as const;

/** Issue 18's storefront as a Brazilian merchant sets it up: every tag (so the consent banner shows), WhatsApp, the law's data. */
const BRAZIL_SETTINGS = {
  ga4_measurement_id: 'G-TEST12345',
  meta_pixel_id: '123456789012345',
  tiktok_pixel_id: 'C4ABCDEFGH1234567890',
  whatsapp_number: '+55 11 98765-4321',
  pix_discount_percent: 10,
  installments_max: 6,
  installments_interest_free: 3,
  legal_name: 'Loja Exemplo Ltda',
  legal_tax_id: '11.222.333/0001-81',
  legal_street: 'Rua Exemplo, 100',
  legal_city: 'São Paulo',
  legal_state: 'SP',
  legal_postal_code: '01001-000',
  legal_email: 'contato@example.com',
  free_shipping_enabled: true,
  free_shipping_threshold: '199.00',
};

async function adminPost(shop: Shop, cookie: string, path: string, body: object): Promise<void> {
  const res = await fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
}

/** Links a demo product to the fixtures' Shopify product. */
async function linkShopifyProduct(shop: Shop, cookie: string, slug: string): Promise<void> {
  const product = await getJson<{ id: number }>(`${shop.url}/api/products/get.php?slug=${encodeURIComponent(slug)}`);
  await adminPost(shop, cookie, '/api/products/update.php', { id: product.id, shopify_product_id: SHOP.productId });
}

// ---------------------------------------------------------------------------------------------

pinSelfAwayFromServers();
notes.push(
  SERVER_CPU === null
    ? 'Servers not pinned (taskset missing or a single core): figures share cores with the load generator.'
    : `Servers (shop and hello) pinned to core ${SERVER_CPU} with taskset; the load generator runs on the other cores.`,
  "Throughput shares are per core of server CPU: req/s over the share of its core the server process used (all its threads, from /proc), for the shop and for hello alike. On large answers the load generator saturates its core before the server does, and the measured req/s is then its figure; both are printed. PostgreSQL's own processes are not counted (the reads measured are answered from the cache).",
  `Load: autocannon, ${process.env.BENCH_SECONDS ?? 10} s per scenario after ${process.env.BENCH_WARMUP_SECONDS ?? 2} s of warm-up, browser-like Accept-Encoding (gzip, deflate, br).`,
  `Node ${process.version}, NODE_ENV=production in every server process.`,
);
if (!PG_ADMIN_URL)
  notes.push('PostgreSQL figures skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server the bench may create databases on.');
if (!LIGHTHOUSE) notes.push('Lighthouse skipped: run `npm run bench -- --lighthouse` (or BENCH_LIGHTHOUSE=1).');

const floor = ONLY.has('server') || ONLY.has('merchant') ? await helloFloor() : null;
if (floor && ONLY.has('server')) {
  await serverFigures('PGlite', floor.at);
  if (PG_ADMIN_URL) await serverFigures('PostgreSQL', floor.at);
}
if (floor && ONLY.has('merchant')) {
  const report = { row, step, fmt, ms, kb, throughput, shareOfHello };
  await merchantFigures('PGlite', floor.at, report);
  if (PG_ADMIN_URL) await merchantFigures('PostgreSQL', floor.at, report);
}
await floor?.stop();
if (ONLY.has('search')) {
  await searchAtScale('PGlite');
  if (PG_ADMIN_URL) await searchAtScale('PostgreSQL');
}
if (LIGHTHOUSE) await lighthouseFigures();

const cell = (s: string) => s.replace(/\|/g, '\\|');
console.log(`\n| Metric | Target | Measured | Pass |\n|---|---|---|---|`);
for (const r of rows)
  console.log(`| ${cell(r.metric)} | ${cell(r.target)} | ${cell(r.measured)} | ${r.pass === null ? '—' : r.pass ? 'pass' : 'FAIL'} |`);
console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
const failed = rows.filter((r) => r.pass === false).length;
console.log(`\n${rows.length - failed} of ${rows.length} targets met.`);
