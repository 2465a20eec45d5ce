import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../helpers/generated-catalogue.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * A merchant-sized catalogue (20,000 products): no public read holds the catalogue at once. The
 * tRPC lists are pages; `list.php` keeps its documented whole array, streamed in batches.
 */
const COUNT = 20_000;
let t: TestApp;
let base = '';
beforeAll(async () => {
  t = await createTestApp();
  await generateCatalogue(t.db, { count: COUNT, collections: 4 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await t.close();
});

const trpc = async (path: string, input: unknown) => {
  const res = await t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` });
  return { status: res.statusCode, data: res.json().result?.data as { title: string; slug: string }[] | undefined };
};

describe('tRPC catalogue lists are pages', () => {
  it('answer 50 products by default, at most 100, from an offset, in the owner order', async () => {
    for (const path of ['catalog.products', 'products.list']) {
      const first = await trpc(path, {});
      expect(first.data?.length, path).toBe(50);
      expect(first.data?.[0]?.title).toBe('Produto 00001');
      const page = await trpc(path, { limit: 100, offset: 100 });
      expect(page.data?.length).toBe(100);
      expect(page.data?.[0]?.title).toBe('Produto 00101');
      expect((await trpc(path, { limit: 101 })).status).toBe(400);
    }
  });

  it('search answers at most its limit, however many products match', async () => {
    const found = await trpc('catalog.products', { q: 'produto' });
    expect(found.data?.length).toBe(8);
    expect((await trpc('catalog.products', { q: 'produto', limit: 100 })).data?.length).toBe(100);
  });
});

/** Reads a streamed answer without keeping it: its JSON is checked piece by piece. */
async function readWholeList(url: string): Promise<{ count: number; first: string; last: string; cacheControl: string | null }> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  expect(res.status).toBe(200);
  const text = await res.text();
  const list = JSON.parse(text) as { title: string }[];
  return {
    count: list.length,
    first: list[0]?.title ?? '',
    last: list.at(-1)?.title ?? '',
    cacheControl: res.headers.get('cache-control'),
  };
}

describe('list.php: the whole catalogue, streamed', () => {
  it('answers every product once, in order, without a limit; pages with limit and offset', async () => {
    const all = await readWholeList(`${base}/api/products/list.php`);
    expect(all).toEqual({ count: COUNT, first: 'Produto 00001', last: `Produto ${COUNT}`, cacheControl: 'no-cache' });
    // An empty or blank parameter is no parameter, as the PHP system read it.
    expect(await readWholeList(`${base}/api/products/list.php?limit=&offset=%20`)).toEqual(all);
    expect(await readWholeList(`${base}/api/products/list.php?limit=%20`)).toEqual(all);
    // Anything else that is not a number is refused in the words every other bad number gets.
    const bad = await fetch(`${base}/api/products/list.php?limit=%20%00`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'limit: Entrada inválida' });
    const inCollection = await readWholeList(`${base}/api/products/list.php?collection_id=${await firstCollectionId()}`);
    expect(inCollection.count).toBe(COUNT / 4);
    const page = (await (await fetch(`${base}/api/products/list.php?limit=5&offset=10`)).json()) as { title: string }[];
    expect(page.map((p) => p.title)).toEqual(['Produto 00011', 'Produto 00012', 'Produto 00013', 'Produto 00014', 'Produto 00015']);
    // A streamed product is the same JSON as a paged one.
    const streamed = JSON.parse(await (await fetch(`${base}/api/products/list.php`)).text()) as unknown[];
    expect(streamed.slice(10, 15)).toEqual(page);
  });

  it('ten at once stay in bounded memory (one batch each, not the catalogue)', { timeout: 180_000 }, async () => {
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 5);
    try {
      // Each reader counts bytes and drops them: only the server's memory is measured.
      const sizes = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const res = await fetch(`${base}/api/products/list.php`, { headers: { 'accept-encoding': 'identity' } });
          let bytes = 0;
          for await (const chunk of res.body as ReadableStream<Uint8Array>) bytes += chunk.length;
          return bytes;
        }),
      );
      expect(new Set(sizes).size).toBe(1);
      expect(sizes[0]).toBeGreaterThan(3_000_000);
    } finally {
      clearInterval(sampler);
    }
    // Built whole, two answers of 23,000 products killed a server whose heap is capped at 256 MB
    // (src/process-settings.ts); streamed, the ten hold ten batches of 100 products. The heap
    // sampled here is the test process's (the app, its clients and not yet collected garbage).
    expect(peak - before).toBeLessThan(256 * 1024 * 1024);
  });
});

async function firstCollectionId(): Promise<number> {
  const rows = await t.db.fork().getConnection().execute<{ id: number }[]>(`select min(id) as id from collections`);
  return Number(rows[0]?.id);
}
