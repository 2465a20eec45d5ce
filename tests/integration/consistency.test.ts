import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t.app);
});
afterAll(async () => {
  await t.close();
});

const json = () => ({ 'content-type': 'application/json', cookie });

describe('no half-written data', () => {
  it('a refused call in a tRPC batch leaves nothing behind, even when its sibling succeeds', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/settings.update,collections.create?batch=1',
      headers: json(),
      payload: { 0: { site_title: 'METADE', store_locked: true }, 1: { name: 'Nova coleção' } },
    });
    const [settings, created] = res.json() as [{ error?: { message: string } }, { result?: unknown }];
    expect(settings.error?.message).toBe('Defina uma senha de desbloqueio antes de bloquear a loja');
    expect(created.result).toBeDefined();
    const now = (await t.app.inject({ method: 'GET', url: '/settings/get.php' })).json();
    expect(now).toMatchObject({ site_title: 'Minha Loja', store_locked: false });
  });

  it('simultaneous creates with the same name all succeed with distinct slugs', async () => {
    const names = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({ method: 'POST', url: '/api/collections/create.php', headers: json(), payload: { name: 'Promoções' } }),
      ),
    );
    expect(names.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const slugs = names.map((r) => r.json().collection.slug).sort();
    expect(new Set(slugs).size).toBe(4);
    expect(slugs).toContain('promocoes');

    const products = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.app.inject({ method: 'POST', url: '/api/products/create.php', headers: json(), payload: { title: 'Camisa Azul', price: '10' } }),
      ),
    );
    expect(products.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(products.map((r) => r.json().product.slug)).size).toBe(3);
  });

  it('an image URL setting accepts only an upload, or empty to remove the image', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/settings/update.php',
      headers: json(),
      payload: { logo_url: '/uploads/someone-elses-file.png', favicon_url: 'https://evil.example/x.png' },
    });
    expect(res.statusCode).toBe(200);
    const s = (await t.app.inject({ method: 'GET', url: '/settings/get.php' })).json();
    expect(s.logo_url).toBe('');
    expect(s.favicon_url).toBe('');
  });
});

describe('deleting a collection', () => {
  it('moves its products after the featured ones, keeping their order', async () => {
    const conn = t.db.fork().getConnection();
    await conn.execute("insert into collections (name, slug, sort_order) values ('Temporária', 'temporaria', 9)");
    const [col] = await conn.execute<{ id: number }[]>("select id from collections where slug = 'temporaria'");
    await conn.execute(
      `insert into products (title, slug, price, collection_id, position) values
        ('F1', 'f1', 1, null, 0), ('F2', 'f2', 1, null, 1), ('C2', 'c2', 1, ?, 1), ('C1', 'c1', 1, ?, 0)`,
      [col?.id, col?.id],
    );
    const res = await t.app.inject({ method: 'POST', url: `/api/collections/delete.php?id=${col?.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const featured = await conn.execute<{ title: string }[]>(
      "select title from products where collection_id is null and title in ('F1','F2','C1','C2') order by position, id",
    );
    expect(featured.map((r: { title: string }) => r.title)).toEqual(['F1', 'F2', 'C1', 'C2']);
  });
});
