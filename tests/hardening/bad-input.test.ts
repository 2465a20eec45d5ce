import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbSnapshot } from '../helpers/db-snapshot.ts';
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

  it('the largest 32-bit value is accepted, and a collection created after it still fits', async () => {
    const res = await post('/api/collections/update.php', { id: collectionId, sort_order: 2_147_483_647 });
    expect(res.statusCode).toBe(200);
    const next = await post('/api/collections/create.php', { name: 'Depois do maior' });
    expect(next.statusCode).toBe(200);
    expect(next.json().collection.sort_order).toBe(2_147_483_647);
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

  it('a browser following such a link gets a page in the same words with the way home, an API path still JSON', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const page = await t.app.inject({ method: 'GET', url: '/produto/%c0%ae?utm_source=whatsapp', headers: html });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Endereço inválido</title>');
    expect(page.body).toContain('<a href="/">← Voltar para a página inicial</a>');
    expect(page.body).not.toMatch(/<script|%c0/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    for (const url of ['/api/products/%c0%ae.php', '/trpc/catalog.home%c0']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: 'Endereço inválido' });
    }
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

describe('long or impossible slugs in storefront routes answer 404 (issue row 8)', () => {
  for (const path of ['/produto/', '/colecao/']) {
    for (const [label, slug] of [
      ['301 characters', 'a'.repeat(301)],
      ['a NUL byte', 'a%00b'],
      ['a control character', 'a%1Bb'],
    ] as const) {
      it(`${path} with ${label}: the not-found page with status 404, never "Carregando..."`, async () => {
        const res = await t.app.inject({ method: 'GET', url: `${path}${slug}` });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.body).not.toContain('Carregando...');
        expect(res.body).toContain(path === '/produto/' ? 'Produto não encontrado' : 'Coleção não encontrada');
        expect(res.body).toContain('noindex');
      });
    }
  }

  it('a slug of exactly 300 characters is looked up (and is unknown)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/produto/${'a'.repeat(300)}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Produto não encontrado');
  });
});

describe('deep JSON is refused before anything walks it (issue row 12)', () => {
  const deepProto = (n: number) => `${'{"a":'.repeat(n)}{"__proto__":{"polluted":1}}${'}'.repeat(n)}`;
  const deepArray = (n: number) => `{"name":"x","a":${'['.repeat(n)}${']'.repeat(n)}}`;

  it('tRPC: a __proto__ key 20,000 levels down answers 400 and changes nothing', async () => {
    const before = await dbSnapshot(t.db);
    const res = await post('/trpc/settings.update', deepProto(20_000));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('JSON aninhado demais');
    expect(res.json().error.data.httpStatus).toBe(400);
    expect(await dbSnapshot(t.db)).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('tRPC: the same in ?input= of a query, and a shallow __proto__ (escaped too) is refused', async () => {
    const deep = await t.app.inject({ method: 'GET', url: `/trpc/catalog.products?input=${encodeURIComponent(deepArray(100))}` });
    expect(deep.statusCode).toBe(400);
    for (const body of ['{"__proto__":{"x":1}}', '{"\\u005f_proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const res = await post('/trpc/collections.create', body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().error.message, body).toBe('Requisição inválida');
    }
  });

  it('legacy JSON bodies: too deep answers 400 { error } and creates nothing; 64 levels still pass', async () => {
    const before = await dbSnapshot(t.db);
    const res = await post('/api/collections/create.php', deepArray(100_000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'JSON aninhado demais' });
    const proto = await post('/api/collections/create.php', '{"name":"x","__proto__":{"x":1}}');
    expect(proto.statusCode).toBe(400);
    expect(await dbSnapshot(t.db)).toBe(before);
    const ok = await post('/api/collections/create.php', deepArray(63));
    expect(ok.statusCode).toBe(200);
  });
});

describe('one error format for every refusal (issue row 11)', () => {
  const english =
    /\b(the|is|not|invalid|expected|received|required|unsupported|missing|exceeds|failed|error|unknown|found|batch|content-type)\b/i;
  const expectShop = (res: { statusCode: number; json: () => { error?: unknown } }, status: number) => {
    expect(res.statusCode).toBe(status);
    const error = res.json().error;
    expect(typeof error).toBe('string');
    expect(error).not.toMatch(english);
  };
  const expectTrpc = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, status: number) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const { error } = res.json() as { error: { message: string; data: { httpStatus: number } } };
    expect(error.data.httpStatus).toBe(status);
    expect(error.message).not.toMatch(english);
  };

  it('Fastify: bad JSON, empty JSON, a body too large, an unknown route or method', async () => {
    expectShop(await post('/api/collections/create.php', '{x'), 400);
    expect((await post('/api/collections/create.php', '{x')).json().error).toBe('JSON inválido');
    expectShop(await post('/api/collections/create.php', ''), 400);
    expectShop(await post('/api/collections/create.php', `{"name":"${'a'.repeat(1_100_000)}"}`), 413);
    expectShop(await t.app.inject({ method: 'GET', url: '/api/nada.php' }), 404);
    for (const method of ['OPTIONS', 'PUT', 'PATCH', 'DELETE'] as const) {
      expectShop(await t.app.inject({ method, url: '/api/products/list.php' }), 404);
    }
    expectShop(
      await t.app.inject({
        method: 'POST',
        url: '/api/collections/create.php',
        headers: { 'content-type': 'application/xml', cookie },
        payload: '<a/>',
      }),
      415,
    );
  });

  it('uploads: a missing file, a NUL and a traversal answer { error }', async () => {
    expectShop(await t.app.inject({ method: 'GET', url: '/uploads/nada.png' }), 404);
    expectShop(await t.app.inject({ method: 'GET', url: '/uploads/a%00b.png' }), 400);
    expectShop(await t.app.inject({ method: 'GET', url: '/uploads/..%2f..%2fetc%2fpasswd' }), 404);
  });

  it('multipart over its limits answers 413 { error }', async () => {
    const parts = Array.from({ length: 300 }, (_, i) => `--b\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('');
    const res = await t.app.inject({
      method: 'POST',
      url: '/settings/update.php',
      headers: { 'content-type': 'multipart/form-data; boundary=b', cookie },
      payload: `${parts}--b--\r\n`,
    });
    expectShop(res, 413);
  });

  it('tRPC keeps its envelope, in Portuguese, for every refusal it makes itself', async () => {
    expectTrpc(await t.app.inject({ method: 'GET', url: '/trpc/nada.existe' }), 404);
    expectTrpc(await t.app.inject({ method: 'GET', url: '/trpc/collections.create' }), 405);
    expectTrpc(await t.app.inject({ method: 'GET', url: `/trpc/${Array(11).fill('auth.me').join(',')}?batch=1&input={}` }), 400);
    expectTrpc(
      await t.app.inject({
        method: 'POST',
        url: '/trpc/collections.create',
        headers: { 'content-type': 'text/plain', cookie },
        payload: 'x',
      }),
      415,
    );
    expectTrpc(await t.app.inject({ method: 'PUT', url: '/trpc/auth.me' }), 415);
    expectTrpc(await post('/trpc/collections.create', '{x'), 400);
    expectTrpc(await post('/trpc/collections.create', `{"name":"${'a'.repeat(1_100_000)}"}`), 413);
    expectTrpc(
      await t.app.inject({
        method: 'POST',
        url: '/trpc/collections.create',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      }),
      401,
    );
    expectTrpc(
      await t.app.inject({
        method: 'POST',
        url: '/trpc/collections.create',
        headers: { 'content-type': 'multipart/form-data; boundary=x', cookie },
        payload: '--x--',
      }),
      415,
    );
  });
});
