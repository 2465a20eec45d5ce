/**
 * Lighthouse with its default mobile settings (simulated throttling) on each URL, alternated with
 * the floor page, `runs` times each; returns the medians per URL (the method of the performance
 * issue's figures). Chromium: CHROME_PATH or Debian's /usr/bin/chromium.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type LighthouseFigures = { score: number; fcp: number; lcp: number; tbt: number; cls: number; bytes: number };

const BASE_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? (s[(s.length - 1) / 2] ?? 0) : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};

async function once(url: string, extraFlags: string[]): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: [...BASE_FLAGS, ...extraFlags],
  });
  try {
    const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!r) throw new Error(`lighthouse gave no result for ${url}`);
    if (r.lhr.runtimeError) console.error(`  lighthouse ${url}: ${r.lhr.runtimeError.code} ${r.lhr.runtimeError.message}`);
    const a = r.lhr.audits;
    const num = (id: string) => a[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((r.lhr.categories.performance?.score ?? 0) * 100),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      bytes: num('total-byte-weight'),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * One run that produced figures: Lighthouse sometimes fails to record a trace (NO_NAVSTART, "Please
 * run Lighthouse again") and then has no metrics; such a run is made again, up to twice.
 */
async function measured(url: string, extraFlags: string[]): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    const r = await once(url, extraFlags);
    if (Number.isFinite(r.lcp) && Number.isFinite(r.tbt)) return r;
    if (attempt === 3) return r;
    console.error(`  lighthouse ${url}: no figures, running again`);
  }
}

/** Medians per URL, the floor page's included (key `floor`). */
export async function lighthouseMedians(
  floorUrl: string,
  urls: Record<string, string>,
  runs: number,
  extraFlags: string[] = [],
): Promise<Record<string, LighthouseFigures>> {
  const all: Record<string, string> = { floor: floorUrl, ...urls };
  const results: Record<string, LighthouseFigures[]> = Object.fromEntries(Object.keys(all).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) {
    for (const [name, url] of Object.entries(all)) results[name]?.push(await measured(url, name === 'floor' ? [] : extraFlags));
  }
  return Object.fromEntries(
    Object.entries(results).map(([name, rs]) => [
      name,
      {
        score: median(rs.map((r) => r.score)),
        fcp: median(rs.map((r) => r.fcp)),
        lcp: median(rs.map((r) => r.lcp)),
        tbt: median(rs.map((r) => r.tbt)),
        cls: median(rs.map((r) => r.cls)),
        bytes: median(rs.map((r) => r.bytes)),
      },
    ]),
  );
}
