import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seeded } from '../../src/demo/art-kit.ts';
import { importReviews } from '../../src/reviews/import.service.ts';
import { ADMIN_USER, contextFor } from '../helpers/context.ts';
import { formData, multipart } from '../helpers/multipart.ts';
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

/** Raw SQL; its change is applied to the public cache before it returns (on PostgreSQL the notice comes on the LISTEN connection). */
const sql = async <T = Record<string, unknown>[]>(query: string, params: unknown[] = []): Promise<T> => {
  const rows = (await t.db
    .fork()
    .getConnection()
    .execute(query, params as unknown[])) as T;
  await t.app.publicCacheSynced();
  return rows;
};

type Row = { product_id: number; reviewer_name: string; reviewer_city: string; rating: number; review_text: string };
const allReviews = () => sql<Row[]>('select product_id, reviewer_name, reviewer_city, rating, review_text from reviews order by id');

/** Products straight in SQL: the product service belongs to another feature. */
async function addProducts(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const slug = `produto-${Math.random().toString(36).slice(2)}`;
    const [row] = await sql<{ id: number }[]>('insert into products (title, slug, price) values (?, ?, ?) returning id', [
      slug,
      slug,
      '10.00',
    ]);
    ids.push(row!.id);
  }
  return ids;
}
const addReview = (productId: number, name: string, rating: number) =>
  sql('insert into reviews (product_id, reviewer_name, reviewer_city, rating, review_text) values (?, ?, ?, ?, ?)', [
    productId,
    name,
    'Cidade',
    rating,
    `texto de ${name}`,
  ]);

/** A CSV with `n` distinct rows: 'Cliente i' makes every row recognisable in the database. */
const csvRows = (n: number, from = 0) =>
  `nome,avaliacao,estrelas,cidade\n${Array.from({ length: n }, (_, i) => `Cliente ${from + i},"Muito bom, ${from + i}",${(i % 5) + 1},Recife`).join('\n')}\n`;

/** The CSV file part of an import form. */
const csvFile = (name: string, data: Buffer | string) => ({ field: 'csv', name, data, type: 'text/csv' });

const importCsv = (data: Buffer | string | undefined, clear: '0' | '1', name = 'avaliacoes.csv') => {
  const form = multipart({ clear_existing: clear }, data === undefined ? [] : [csvFile(name, data)]);
  return t.app.inject({ method: 'POST', url: '/api/reviews/import.php', payload: form.payload, headers: { ...form.headers, cookie } });
};
const list = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/reviews/list.php?${query}`, headers });

const perProduct = (rows: Row[]) => {
  const m = new Map<number, number>();
  for (const r of rows) m.set(r.product_id, (m.get(r.product_id) ?? 0) + 1);
  return m;
};

beforeEach(async () => {
  await sql('delete from reviews');
  await sql('delete from products');
});

describe('GET /api/reviews/list.php', () => {
  it("returns a product's reviews with average, total and the five-key distribution", async () => {
    const [id, other] = await addProducts(2);
    await addReview(id!, 'Ana', 5);
    await addReview(id!, 'Bia', 4);
    await addReview(id!, 'Caio', 4);
    await addReview(other!, 'Outro', 1);
    const res = await list(`product_id=${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.reviews.map((r: Row) => [r.reviewer_name, r.reviewer_city, r.rating, r.review_text])).toEqual([
      ['Ana', 'Cidade', 5, 'texto de Ana'],
      ['Bia', 'Cidade', 4, 'texto de Bia'],
      ['Caio', 'Cidade', 4, 'texto de Caio'],
    ]);
    expect(Object.keys(body.reviews[0]).sort()).toEqual(['id', 'rating', 'review_text', 'reviewer_city', 'reviewer_name']);
    expect(body.stats).toEqual({ average: 4.3, total: 3, distribution: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 } });
  });

  it('answers zeros and every distribution key for a product without reviews', async () => {
    const [id] = await addProducts(1);
    expect((await list(`product_id=${id}`)).json()).toEqual({
      reviews: [],
      stats: { average: 0, total: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
    });
  });

  it('refuses an unknown product (404), a missing or non-numeric product_id (400)', async () => {
    const unknown = await list('product_id=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Produto não encontrado' });
    const missing = await list('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Preencha todos os campos');
    expect((await list('product_id=abc')).statusCode).toBe(400);
  });

  it('gives a visitor nothing while the store is locked; an admin still reads', async () => {
    const [id] = await addProducts(1);
    await addReview(id!, 'Ana', 5);
    await sql('update settings set store_locked = true');
    try {
      const locked = await list(`product_id=${id}`);
      expect(locked.statusCode).toBe(423);
      expect(locked.body).not.toContain('Ana');
      expect((await list(`product_id=${id}`, { cookie })).json().stats.total).toBe(1);
    } finally {
      await sql('update settings set store_locked = false');
    }
  });

  it('the tRPC twin reviews.list returns the same data', async () => {
    const [id] = await addProducts(1);
    await addReview(id!, 'Ana', 2);
    await addReview(id!, 'Bia', 5);
    const trpc = await t.app.inject({
      method: 'GET',
      url: `/trpc/reviews.list?input=${encodeURIComponent(JSON.stringify({ product_id: id }))}`,
    });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data).toEqual((await list(`product_id=${id}`)).json());
    const missing = await t.app.inject({ method: 'GET', url: `/trpc/reviews.list?input=${encodeURIComponent('{"product_id":999999}')}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Produto não encontrado');
  });
});

describe('POST /api/reviews/import.php', () => {
  it('gives every product 4 to 7 reviews from the CSV, never a row twice, and reports the stats', async () => {
    const ids = await addProducts(12);
    const res = await importCsv(csvRows(120), '1');
    expect(res.statusCode).toBe(200);
    const rows = await allReviews();
    expect(res.json()).toEqual({
      error: false,
      message: 'Avaliações importadas com sucesso',
      stats: { total_reviews: rows.length, total_products: 12, reviews_in_csv: 120 },
    });
    const counts = perProduct(rows);
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect([...counts.values()].every((n) => n >= 4 && n <= 7)).toBe(true);
    const names = rows.map((r) => r.reviewer_name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of rows) {
      const i = Number(r.reviewer_name.replace('Cliente ', ''));
      expect(r).toMatchObject({ review_text: `Muito bom, ${i}`, rating: (i % 5) + 1, reviewer_city: 'Recife' });
    }
  });

  it('reads an Excel file end to end: Windows-1252, semicolons, CRLF', async () => {
    const [id] = await addProducts(1);
    const text =
      'Nome;Avaliação;Estrelas;Cidade\r\nJoão;ótimo;5;São Paulo\r\nLúcia;"bom; chegou";4;Goiânia\r\nZé;ok;3;Belém\r\nAna;top;5;Natal\r\n';
    const res = await importCsv(Buffer.from(text, 'latin1'), '0');
    expect(res.json().stats).toEqual({ total_reviews: 4, total_products: 1, reviews_in_csv: 4 });
    const body = (await list(`product_id=${id}`)).json();
    expect(body.reviews.map((r: Row) => `${r.reviewer_name}|${r.review_text}|${r.reviewer_city}`).sort()).toEqual([
      'Ana|top|Natal',
      'João|ótimo|São Paulo',
      'Lúcia|bom; chegou|Goiânia',
      'Zé|ok|Belém',
    ]);
    expect(body.stats).toEqual({ average: 4.3, total: 4, distribution: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 2 } });
  });

  it('shares too few rows equally: every row used once, shares differ by at most one', async () => {
    await addProducts(10);
    const res = await importCsv(csvRows(25), '1');
    expect(res.json().stats).toEqual({ total_reviews: 25, total_products: 10, reviews_in_csv: 25 });
    const rows = await allReviews();
    expect(new Set(rows.map((r) => r.reviewer_name)).size).toBe(25);
    expect([...perProduct(rows).values()].sort()).toEqual([2, 2, 2, 2, 2, 3, 3, 3, 3, 3]);
  });

  it('uses a line repeated in the file only once', async () => {
    await addProducts(2);
    const line = 'Ana,igual,5,Rio';
    const res = await importCsv(`nome,avaliacao,estrelas,cidade\n${line}\n${line}\n${line}\nBia,outra,4,Rio\n`, '1');
    expect(res.json().stats).toEqual({ total_reviews: 2, total_products: 2, reviews_in_csv: 4 });
  });

  it('clear_existing=0 keeps the reviews already there; clear_existing=1 replaces all of them', async () => {
    const [id] = await addProducts(1);
    await addReview(id!, 'Antiga', 3);
    await importCsv(csvRows(5), '0');
    const kept = await allReviews();
    expect(kept.map((r) => r.reviewer_name)).toContain('Antiga');
    // The product draws 4 to 7 of the 5 rows (at random), on top of the old one.
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(kept.length).toBeLessThanOrEqual(6);
    const res = await importCsv(csvRows(4, 100), '1');
    expect(res.statusCode).toBe(200);
    expect((await allReviews()).map((r) => r.reviewer_name).sort()).toEqual(['Cliente 100', 'Cliente 101', 'Cliente 102', 'Cliente 103']);
  });

  it.each([
    ['no file', undefined, 'avaliacoes.csv', 400, 'Selecione um arquivo CSV'],
    [
      'a star value of 6',
      'nome,avaliacao,estrelas,cidade\nA,ok,5,X\nB,ok,6,Y\n',
      'a.csv',
      400,
      'Linha 3: estrelas deve ser um número de 1 a 5 (recebido "6")',
    ],
    [
      '3 columns',
      'nome,avaliacao,estrelas\nA,ok,5\n',
      'a.csv',
      400,
      'Linha 1: o arquivo deve ter 4 colunas (nome, avaliacao, estrelas, cidade), encontradas 3',
    ],
    ['an empty file', '', 'vazio.csv', 400, 'O arquivo CSV está vazio'],
    [
      'a binary renamed .csv',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0xff, 0xd8]),
      'foto.csv',
      400,
      'O arquivo não é um CSV de texto',
    ],
    ['a spreadsheet', 'nome,avaliacao,estrelas,cidade\nA,ok,5,X\n', 'planilha.xlsx', 400, 'O arquivo deve ter a extensão .csv'],
    [
      'a file over 2 MB',
      `nome,avaliacao,estrelas,cidade\n${'A,ok,5,X\n'.repeat(240_000)}`,
      'a.csv',
      413,
      'Arquivo CSV muito grande (máx 2MB)',
    ],
  ])('refuses %s with its message and changes nothing, even with clear_existing=1', async (_, data, name, status, error) => {
    const [id] = await addProducts(1);
    await addReview(id!, 'Antiga', 3);
    const before = await allReviews();
    const res = await importCsv(data, '1', name);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error });
    expect(await allReviews()).toEqual(before);
  });

  it('refuses an import when there is no product to review', async () => {
    const res = await importCsv(csvRows(5), '1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Cadastre produtos antes de importar avaliações' });
  });

  it('needs an admin session', async () => {
    await addProducts(1);
    const form = multipart({ clear_existing: '1' }, [csvFile('a.csv', csvRows(5))]);
    const res = await t.app.inject({ method: 'POST', url: '/api/reviews/import.php', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(401);
    expect(await allReviews()).toEqual([]);
  });

  it('a failure mid-import (after rows were cleared and some inserted) leaves the old reviews intact', async () => {
    const ids = await addProducts(400);
    for (const id of ids.slice(0, 3)) await addReview(id, `Antiga ${id}`, 4);
    const before = await allReviews();
    // The database refuses the 1001st imported row: the first INSERT batch (1000 rows) and the
    // clearing have already run inside the transaction when it fails.
    await sql(`create function reviews_fail_late() returns trigger language plpgsql as $$
      begin
        if (select count(*) from reviews where reviewer_name like 'Cliente %') >= 1000 then raise exception 'disk full'; end if;
        return new;
      end $$`);
    await sql('create trigger reviews_fail_late before insert on reviews for each row execute function reviews_fail_late()');
    try {
      const res = await importCsv(csvRows(1500), '1');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Erro interno do servidor' });
    } finally {
      await sql('drop trigger reviews_fail_late on reviews');
      await sql('drop function reviews_fail_late()');
    }
    expect(await allReviews()).toEqual(before);
  });
});

describe('importReviews (service) with an injected random source', () => {
  const ctx = () => contextFor(t.db, ADMIN_USER);
  const file = { filename: 'a.csv', data: Buffer.from(csvRows(60)) };
  const assignment = async () => (await allReviews()).map((r) => `${r.product_id}:${r.reviewer_name}`).sort();

  it('gives the same assignment for the same seed and another for another seed', async () => {
    await addProducts(8);
    await importReviews(ctx(), { file, clearExisting: true }, seeded(11));
    const first = await assignment();
    await importReviews(ctx(), { file, clearExisting: true }, seeded(11));
    expect(await assignment()).toEqual(first);
    await importReviews(ctx(), { file, clearExisting: true }, seeded(12));
    expect(await assignment()).not.toEqual(first);
  });
});

describe('tRPC reviews.import (FormData over real HTTP)', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const send = (form: FormData, headers: Record<string, string> = { cookie }) =>
    fetch(`${base}/trpc/reviews.import`, { method: 'POST', body: form, headers });
  const form = (csv: string | null, clear = '1') =>
    formData({ clear_existing: clear }, csv === null ? [] : [csvFile('avaliacoes.csv', csv)]);

  it('imports like the legacy call and answers the same result', async () => {
    await addProducts(5);
    const res = await send(form(csvRows(12)));
    expect(res.status).toBe(200);
    const trpc = (await res.json()).result.data;
    expect(await allReviews()).toHaveLength(12);
    const legacy = (await importCsv(csvRows(12), '1')).json();
    expect(trpc).toEqual(legacy);
    expect(trpc).toEqual({
      error: false,
      message: 'Avaliações importadas com sucesso',
      stats: { total_reviews: 12, total_products: 5, reviews_in_csv: 12 },
    });
  });

  it('refuses a missing file or a bad row with the same messages, and an anonymous caller', async () => {
    await addProducts(1);
    const none = await send(form(null));
    expect(none.status).toBe(400);
    expect((await none.json()).error.message).toBe('Selecione um arquivo CSV');
    const bad = await send(form('nome,avaliacao,estrelas,cidade\nA,ok,0,X\n'));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Linha 2: estrelas deve ser um número de 1 a 5 (recebido "0")');
    expect((await send(form(csvRows(5)), {})).status).toBe(401);
    expect(await allReviews()).toEqual([]);
  });
});
