import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ENTRY,
  CONSENT_ENTRY,
  catalogModule,
  readAssets,
  readManifest,
  SERVER_RENDERED_CHUNKS,
  STOREFRONT_APP,
  STOREFRONT_ENTRY,
} from '../server/ssr/manifest.ts';
import { LOCALES } from '../shared/locales.ts';

/**
 * The storefront's byte budget, measured on the production build (`npm test` builds first):
 * what a shopper's browser downloads before the page is interactive, brotli at quality 11 (what
 * the precompressed assets are served as). The JavaScript is the storefront entry's whole static
 * import graph, walked here from Vite's manifest (not from the list the server preloads), plus
 * the largest locale catalog, which hydration waits for. The Buy Button SDK is not in it: it is a
 * separate file loaded once the page is interactive. `npm run bench` prints the same numbers.
 *
 * The performance issue's target is 80 KB. It is out of reach with this stack: the libraries'
 * chunk alone is 79 KB (React 19's client renderer 57 KB with react and scheduler, TanStack Query
 * 10, tRPC's client 9, Lingui 3, wouter 2); the storefront's own code adds 17 KB and the catalog
 * 2 KB (101 KB in all when this was written, down from 116 with React Router and one catalog for
 * the admin and the shop). This budget holds the line there, so any growth fails here.
 *
 * Issue 18 brought it to the product's 100 KB (100.7 KB measured before, 99.5 KB after, this
 * method): the Pix and installment arithmetic is computed on the server and sent as data
 * (src/catalog/payment.ts), and the code that recomputes the document title after a client-side
 * navigation (storefront/common/document-title.ts, with page-head.ts) is fetched once the page is
 * interactive. The cookie consent script is a file of its own, added only to the pages of a shop
 * with an analytics or ads tag (client/consent/): it has its own small budget.
 */
const KB = 1024;
const BUDGET = { storefrontJsBrotli: 100 * KB, storefrontCssBrotli: 8 * KB, homeCriticalCssInline: 32 * KB, consentJsBrotli: 2 * KB };

const client = resolve(import.meta.dirname, '..', 'dist', 'client');
const manifest = readManifest(client);
const { storefront } = readAssets(client);
const file = (f: string) => readFileSync(join(client, f));
const brotli = (buf: Buffer) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const brotliOf = (files: string[]) => files.reduce((n, f) => n + brotli(file(f)), 0);

/**
 * The entry's chunk and every chunk it imports statically, transitively, per the manifest, with
 * the app module it imports right after the first paint (and that module's static graph).
 */
function staticGraph(...keys: string[]): string[] {
  const files = new Set<string>();
  const walk = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) walk(i);
  };
  for (const key of keys) walk(key);
  return [...files];
}

const graph = staticGraph(STOREFRONT_ENTRY, STOREFRONT_APP);
const catalogs = LOCALES.map((l) => manifest[catalogModule(l)]?.file).filter((f): f is string => !!f);
const largestCatalog = Math.max(...catalogs.map((f) => brotli(file(f))));

describe('storefront budget', () => {
  it('finds the storefront graph and one catalog chunk per locale in the manifest', () => {
    expect(graph.length).toBeGreaterThan(1);
    expect(catalogs).toHaveLength(LOCALES.length);
    // What the server preloads is that very graph: nothing loads before hydration unmeasured.
    expect(new Set([storefront.script, ...storefront.preload].map((f) => f.slice(1)))).toEqual(new Set(graph));
  });

  it(`loads at most ${BUDGET.storefrontJsBrotli / KB} KB of JavaScript (brotli) before hydrating`, () => {
    const total = brotliOf(graph) + largestCatalog;
    console.info(`storefront JavaScript before hydrating: ${(total / KB).toFixed(1)} KB brotli (${total} bytes)`);
    expect(total).toBeLessThanOrEqual(BUDGET.storefrontJsBrotli);
  });

  it(`has at most ${BUDGET.storefrontCssBrotli / KB} KB of CSS (brotli), inlined in the page`, () => {
    expect(brotliOf(storefront.css.map((f) => f.slice(1)))).toBeLessThanOrEqual(BUDGET.storefrontCssBrotli);
    expect(storefront.cssText.length).toBeGreaterThan(0);
    expect(storefront.cssText.length).toBeLessThanOrEqual(BUDGET.homeCriticalCssInline);
    expect(storefront.cssText).not.toMatch(/<\/style/i);
  });

  it(`keeps the cookie consent script apart, self-contained and at most ${BUDGET.consentJsBrotli / KB} KB (brotli)`, () => {
    const consent = manifest[CONSENT_ENTRY];
    expect(consent?.file).toBeDefined();
    expect(consent?.imports ?? []).toEqual([]);
    expect(graph).not.toContain(consent?.file);
    expect(brotli(file(consent?.file ?? ''))).toBeLessThanOrEqual(BUDGET.consentJsBrotli);
  });

  it('inlines the styles of the chunks the server renders whole, so nothing shifts when their code arrives', () => {
    const inline = storefront.cssText;
    for (const key of SERVER_RENDERED_CHUNKS) {
      const chunk = manifest[key];
      expect(chunk?.isDynamicEntry, `${key} is a chunk of its own`).toBe(true);
      for (const css of chunk?.css ?? []) expect(inline).toContain(file(css).toString('utf8').trim());
    }
  });

  it('never loads the admin, Mantine or zod', () => {
    expect(graph).not.toContain(manifest[ADMIN_ENTRY]?.file);
    for (const f of graph) {
      const code = file(f).toString('utf8');
      expect(code).not.toMatch(/mantine-[A-Z][a-zA-Z]+-root/);
      expect(code).not.toMatch(/ZodError|_zod\b/);
    }
  });
});
