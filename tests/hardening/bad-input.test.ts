import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let cookie: string;
let collectionId: number;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/collections/create.php',
    headers: { 'content-type': 'application/json', cookie },
    payload: { name: 'Limites' },
  });
  collectionId = res.json().collection.id;
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', cookie, ...headers }, payload: payload as object });

/** A refused request: 4xx with the shop's `{ error }` body in Portuguese words. */
function expectRefused(res: { statusCode: number; json: () => unknown }, status = 400) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { error?: unknown };
  expect(typeof body.error).toBe('string');
}

describe('integers bounded to what the columns hold', () => {
  it('a sort_order outside 32 bits is refused on update, reorder and tRPC, and nothing changes', async () => {
    expectRefused(await post('/api/collections/update.php', { id: collectionId, sort_order: 2_147_483_648 }));
    expectRefused(await post('/api/collections/reorder.php', { orders: [{ id: collectionId, sort_order: -2_147_483_649 }] }));
    const trpc = await post('/trpc/collections.update', { id: collectionId, sort_order: '99999999999' });
    expect(trpc.statusCode).toBe(400);
    const list = (await t.app.inject({ method: 'GET', url: '/api/collections/list.php' })).json() as { id: number; sort_order: number }[];
    expect(list.find((c) => c.id === collectionId)?.sort_order).toBeLessThan(2_147_483_647);
  });

  it('the largest 32-bit value is accepted', async () => {
    const res = await post('/api/collections/update.php', { id: collectionId, sort_order: 2_147_483_647 });
    expect(res.statusCode).toBe(200);
  });
});

describe('malformed multipart', () => {
  const body = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--xyz--\r\n';
  for (const type of ['multipart/form-data; boundary=abc', 'multipart/form-data', 'multipart/form-data; boundary=']) {
    for (const url of ['/upload.php', '/api/products/create.php', '/settings/update.php']) {
      it(`${url} with "${type}" answers 400 in the shop's format`, async () => {
        const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': type, cookie }, payload: body });
        expectRefused(res);
      });
    }
  }
});

describe("the framework's own refusals speak the shop's format", () => {
  it('a URL that is not valid UTF-8 answers 400 { error }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/produto/%c0%ae' });
    expectRefused(res);
    expect(res.json()).toEqual({ error: 'Endereço inválido' });
  });

  it('an unknown method answers in the same format', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/products/list.php' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(typeof res.json().error).toBe('string');
  });

  it('headers over the limit answer 431 { error } in Portuguese', async () => {
    const { connect } = await import('node:net');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let out = '';
      socket.on('data', (d) => (out += d));
      socket.on('end', () => resolve(out));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'Cabeçalhos da requisição grandes demais' });
  });
});

describe('tRPC answers', () => {
  it('an unknown procedure is refused in Portuguese', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/nada.existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Não encontrado');
  });

  it('admin queries, mutations and the session are never stored by a cache', async () => {
    for (const url of [
      '/trpc/auth.listUsers',
      '/trpc/settings.admin',
      '/trpc/auth.me',
      '/trpc/catalog.home,auth.listUsers?batch=1&input={}',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const res = await post('/trpc/collections.create', { name: 'Sem cache' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
