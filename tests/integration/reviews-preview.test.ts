import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from '../../server/trpc/router.ts';
import { ADMIN_USER, contextFor } from '../helpers/context.ts';
import { dbSnapshot } from '../helpers/db-snapshot.ts';
import { formData } from '../helpers/multipart.ts';
import { createTestApp, loginCookie, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let cookie: string;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t.app);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const conn = t.db.fork().getConnection();
  for (const slug of ['camiseta-azul', 'bone-preto']) {
    await conn.execute('insert into products (title, slug, price) values (?, ?, ?)', [slug, slug, '10.00']);
  }
});
afterAll(async () => {
  await t.close();
});

/** The preview as the admin sends it: FormData with the `csv` file, over real HTTP. */
async function preview(data: Buffer | string | null, name = 'avaliacoes.csv', headers: Record<string, string> = { cookie }) {
  const form = formData({ clear_existing: '1' }, data === null ? [] : [{ field: 'csv', name, data, type: 'text/csv' }]);
  const res = await fetch(`${base}/trpc/reviews.preview`, { method: 'POST', body: form, headers });
  const body = await res.json();
  return { status: res.status, data: body.result?.data, error: body.error?.message as string | undefined };
}

/** Excel in Brazil: semicolons, Windows-1252 (each accented letter one byte), CRLF. */
const excelFile = Buffer.from(
  [
    'nome;avaliacao;estrelas;cidade',
    'João Araújo;Ótimo produto, chegou rápido;5;São Paulo - SP',
    'Márcia;"Bom; recomendo";4;Florianópolis - SC',
    'Zé;Não gostei da cor;2;Maceió - AL',
  ].join('\r\n'),
  'latin1',
);

describe('tRPC reviews.preview (the import dry run)', () => {
  it('reads a semicolon Windows-1252 file with its accents and reports how it read it', async () => {
    const before = await dbSnapshot(t.db);
    const res = await preview(excelFile);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      separator: ';',
      encoding: 'windows-1252',
      total_rows: 3,
      valid_rows: 3,
      distinct_rows: 3,
      products: 2,
      errors: [],
      error_count: 0,
    });
    expect(res.data.rows).toEqual([
      { line: 2, reviewer_name: 'João Araújo', review_text: 'Ótimo produto, chegou rápido', rating: 5, reviewer_city: 'São Paulo - SP' },
      { line: 3, reviewer_name: 'Márcia', review_text: 'Bom; recomendo', rating: 4, reviewer_city: 'Florianópolis - SC' },
      { line: 4, reviewer_name: 'Zé', review_text: 'Não gostei da cor', rating: 2, reviewer_city: 'Maceió - AL' },
    ]);
    expect(await dbSnapshot(t.db)).toBe(before);
  });

  it('reads a comma UTF-8 file (BOM dropped) and shows only its first five rows, counting repeats', async () => {
    const lines = Array.from({ length: 7 }, (_, i) => `Cliente ${i},"Muito bom, ${i}",${(i % 5) + 1},Recife - PE`);
    const file = Buffer.from(`\uFEFFNome,Avaliação,Estrelas,Cidade\n${lines.join('\n')}\n${lines[0]}\n`, 'utf8');
    const res = await preview(file);
    expect(res.data).toMatchObject({ separator: ',', encoding: 'utf-8', total_rows: 8, valid_rows: 8, distinct_rows: 7 });
    expect(res.data.rows).toHaveLength(5);
    expect(res.data.rows[0]).toEqual({
      line: 2,
      reviewer_name: 'Cliente 0',
      review_text: 'Muito bom, 0',
      rating: 1,
      reviewer_city: 'Recife - PE',
    });
  });

  it('lists every bad row (stars, column count, empty name) with the import’s own messages', async () => {
    const file = 'nome,avaliacao,estrelas,cidade\nAna,ok,5,Recife\nBia,ok,6,Natal\nCaio,ok,5\n ,ok,3,Belém\nDu,ok,cinco,Rio\n';
    const res = await preview(file);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ total_rows: 5, valid_rows: 1, error_count: 4 });
    expect(res.data.errors).toEqual([
      { line: 3, message: 'Linha 3: estrelas deve ser um número de 1 a 5 (recebido "6")' },
      { line: 4, message: 'Linha 4: esperadas 4 colunas, encontradas 3' },
      { line: 5, message: 'Linha 5: nome vazio' },
      { line: 6, message: 'Linha 6: estrelas deve ser um número de 1 a 5 (recebido "cinco")' },
    ]);
    // The import refuses the same file at its first bad row, with the same words.
    const form = formData({ clear_existing: '1' }, [{ field: 'csv', name: 'a.csv', data: file, type: 'text/csv' }]);
    const imported = await fetch(`${base}/trpc/reviews.import`, { method: 'POST', body: form, headers: { cookie } });
    expect((await imported.json()).error.message).toBe(res.data.errors[0].message);
  });

  it('refuses what the import refuses as a whole: no file, a wrong header, a non-.csv name, a visitor', async () => {
    expect(await preview(null)).toMatchObject({ status: 400, error: 'Selecione um arquivo CSV' });
    expect(await preview('nome,avaliacao,estrelas\nA,ok,5\n')).toMatchObject({
      status: 400,
      error: 'Linha 1: o arquivo deve ter 4 colunas (nome, avaliacao, estrelas, cidade), encontradas 3',
    });
    expect((await preview('nome,avaliacao,estrelas,cidade\nA,ok,5,X\n', 'avaliacoes.xlsx')).error).toBe(
      'O arquivo deve ter a extensão .csv',
    );
    expect((await preview(excelFile, 'a.csv', {})).status).toBe(401);
  });

  it('changes nothing in the database, whatever the file', async () => {
    const before = await dbSnapshot(t.db);
    await preview(excelFile);
    await preview('nome,avaliacao,estrelas,cidade\nA,ok,9,X\n');
    await preview(null);
    expect(await dbSnapshot(t.db)).toBe(before);
  });
});

describe('dashboard.counts', () => {
  it('counts products, collections, banners and reviews', async () => {
    const caller = createCaller({ app: contextFor(t.db, ADMIN_USER), http: null });
    const before = await caller.dashboard.counts();
    expect(before).toEqual({ products: 2, collections: 0, banners: 0, reviews: 0 });
    const form = formData({ clear_existing: '1' }, [{ field: 'csv', name: 'a.csv', data: excelFile, type: 'text/csv' }]);
    const res = await fetch(`${base}/trpc/reviews.import`, { method: 'POST', body: form, headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await caller.dashboard.counts()).toEqual({ ...before, reviews: 3 });
  });
});
