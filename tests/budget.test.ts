import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The storefront's byte budget, measured on the production build (`npm test` builds first):
 * what a shopper's browser downloads before the page is interactive.
 */
const BUDGET = { storefrontJsGzip: 125 * 1024, storefrontCssGzip: 16 * 1024 };

const client = resolve(import.meta.dirname, '..', 'dist', 'client');
type Chunk = { file: string; css?: string[]; imports?: string[] };
const manifest = JSON.parse(readFileSync(join(client, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

function closure(key: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const walk = (k: string) => {
    const c = manifest[k];
    if (!c || js.has(c.file)) return;
    js.add(c.file);
    for (const f of c.css ?? []) css.add(f);
    for (const i of c.imports ?? []) walk(i);
  };
  walk(key);
  return { js: [...js], css: [...css] };
}

const gz = (files: string[]) => files.reduce((n, f) => n + gzipSync(readFileSync(join(client, f))).length, 0);

describe('storefront budget', () => {
  const { js, css } = closure('client/entry-client.tsx');

  it(`loads at most ${BUDGET.storefrontJsGzip / 1024} KB of gzipped JavaScript up front`, () => {
    expect(gz(js)).toBeLessThanOrEqual(BUDGET.storefrontJsGzip);
  });

  it(`loads at most ${BUDGET.storefrontCssGzip / 1024} KB of gzipped CSS`, () => {
    expect(gz(css)).toBeLessThanOrEqual(BUDGET.storefrontCssGzip);
  });

  it('never loads the admin or Mantine', () => {
    const admin = manifest['client/admin/entry-admin.tsx']?.file;
    expect(js).not.toContain(admin);
    for (const f of js) expect(readFileSync(join(client, f), 'utf8')).not.toMatch(/mantine-[A-Z][a-zA-Z]+-root/);
  });
});
