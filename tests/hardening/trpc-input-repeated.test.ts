import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The JSON guard sees the `input` tRPC parses: a repeated `?input=` (tRPC takes the first, Fastify
 * gives an array) does not slip a poisoned or too deep value past it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const enc = encodeURIComponent;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const deepArray = (n: number) => `{"a":${'['.repeat(n)}${']'.repeat(n)}}`;

describe('a repeated ?input= query parameter', () => {
  for (const path of ['/trpc/catalog.products', '/trpc/catalog.collections', '/trpc/auth.me']) {
    it(`${path}: a __proto__ payload first, a harmless value second, is refused with 400`, async () => {
      for (const bad of ['{"__proto__":{"polluted":1}}', '{"\\u005f_proto__":{"polluted":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
        const res = await get(`${path}?input=${enc(bad)}&input=1`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().error.message).toBe('Requisição inválida');
        expect(res.json().error.data.httpStatus).toBe(400);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it(`${path}: too deep JSON first is refused with 400 (JSON aninhado demais)`, async () => {
      const res = await get(`${path}?input=${enc(deepArray(100))}&input=1`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('JSON aninhado demais');
    });
  }

  it('a batch with a repeated input is refused too, whichever copy is bad', async () => {
    const bad = enc('{"0":{"__proto__":{"polluted":1}}}');
    for (const url of [
      `/trpc/catalog.products?batch=1&input=${bad}&input=%7B%7D`,
      `/trpc/catalog.products?batch=1&input=%7B%7D&input=${bad}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('a single well-formed input still answers', async () => {
    expect((await get(`/trpc/catalog.collections?input=${enc('{}')}`)).statusCode).toBe(200);
  });
});
