import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readAssets } from '../server/ssr/manifest.ts';

/**
 * The storefront's byte budget, measured on the production build (`npm test` builds first):
 * what a shopper's browser downloads before the page is interactive. `npm run bench` prints the
 * same numbers next to the server timings.
 */
const BUDGET = { storefrontJsGzip: 125 * 1024, storefrontCssGzip: 16 * 1024 };

const client = resolve(import.meta.dirname, '..', 'dist', 'client');
const { storefront, admin } = readAssets(client);
const gz = (files: string[]) => files.reduce((n, f) => n + gzipSync(readFileSync(join(client, f))).length, 0);
const js = [storefront.script, ...storefront.preload];

describe('storefront budget', () => {
  it(`loads at most ${BUDGET.storefrontJsGzip / 1024} KB of gzipped JavaScript up front`, () => {
    expect(gz(js)).toBeLessThanOrEqual(BUDGET.storefrontJsGzip);
  });

  it(`loads at most ${BUDGET.storefrontCssGzip / 1024} KB of gzipped CSS`, () => {
    expect(gz(storefront.css)).toBeLessThanOrEqual(BUDGET.storefrontCssGzip);
  });

  it('never loads the admin or Mantine', () => {
    expect(js).not.toContain(admin.script);
    for (const f of js) expect(readFileSync(join(client, f), 'utf8')).not.toMatch(/mantine-[A-Z][a-zA-Z]+-root/);
  });
});
