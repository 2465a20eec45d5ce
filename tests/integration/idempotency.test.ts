import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepIdempotencyKeys } from '../../src/idempotency/idempotency.service.ts';
import { countRows } from '../helpers/db-snapshot.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

/** Creates retried with the same Idempotency-Key create once (issue 15, item 4). */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t.app);
});
afterAll(async () => {
  await t.close();
});

const headers = (key?: string) => ({ 'content-type': 'application/json', cookie, ...(key ? { 'idempotency-key': key } : {}) });
const legacyCreate = (name: string, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/collections/create.php', headers: headers(key), payload: { name } });
const trpcCreate = (name: string, key?: string) =>
  t.app.inject({ method: 'POST', url: '/trpc/collections.create', headers: headers(key), payload: { name } });
const collections = () => countRows(t.db, 'collections');

describe('Idempotency-Key on creates', () => {
  it('legacy: the same key twice creates one collection and answers the same', async () => {
    const before = await collections();
    const first = await legacyCreate('Inverno', 'k-legacy-1');
    const again = await legacyCreate('Inverno', 'k-legacy-1');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await collections()).toBe(before + 1);
  });

  it('tRPC: the same key twice creates one collection and answers the same', async () => {
    const before = await collections();
    const first = await trpcCreate('Verão', 'k-trpc-1');
    const again = await trpcCreate('Verão', 'k-trpc-1');
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await collections()).toBe(before + 1);
  });

  it('one key is one create whichever adapter retries it', async () => {
    const before = await collections();
    const first = await trpcCreate('Outono', 'k-both');
    const again = await legacyCreate('Outono', 'k-both');
    expect(again.json().collection).toEqual(first.json().result.data.collection);
    expect(await collections()).toBe(before + 1);
  });

  it('simultaneous twins with one key create one row and both get its answer', async () => {
    const before = await collections();
    const answers = await Promise.all([legacyCreate('Gêmeos', 'k-twins'), legacyCreate('Gêmeos', 'k-twins')]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers[0]?.json().id).toBe(answers[1]?.json().id);
    expect(await collections()).toBe(before + 1);
  });

  it('the same key with other data is refused with 409 and a clear message, creating nothing', async () => {
    await legacyCreate('Primavera', 'k-reused');
    const before = await collections();
    const other = await legacyCreate('Outra coisa', 'k-reused');
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('Esta Idempotency-Key já foi usada com outros dados. Envie uma chave nova para uma nova criação.');
    const otherTrpc = await trpcCreate('Outra coisa', 'k-reused');
    expect(otherTrpc.statusCode).toBe(409);
    expect(await collections()).toBe(before);
  });

  it('a malformed key is refused (400), and no key at all creates as before', async () => {
    const bad = await legacyCreate('Chave ruim', 'não vale');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^Idempotency-Key inválida/);
    const before = await collections();
    expect((await legacyCreate('Sem chave')).statusCode).toBe(200);
    expect((await legacyCreate('Sem chave')).statusCode).toBe(200);
    expect(await collections()).toBe(before + 2);
  });

  it('a refused create stores no answer: the key can be used again once the data is right', async () => {
    const refused = await legacyCreate('   ', 'k-refused');
    expect(refused.statusCode).toBe(400);
    const ok = await legacyCreate('Agora sim', 'k-refused');
    expect(ok.statusCode).toBe(200);
  });

  it('products: the same key twice creates one product (multipart legacy form)', async () => {
    const before = await countRows(t.db, 'products');
    const form = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/products/create.php',
        headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
        payload: { title: 'Caneca', price: '19.90' },
      });
    const first = await form('k-product');
    const again = await form('k-product');
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await countRows(t.db, 'products')).toBe(before + 1);
  });

  it('keys older than 24 hours are swept', async () => {
    await legacyCreate('Antiga', 'k-old');
    expect(await sweepIdempotencyKeys(t.db.fork(), new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThan(0);
    expect(await countRows(t.db, 'idempotency_keys')).toBe(0);
  });
});
