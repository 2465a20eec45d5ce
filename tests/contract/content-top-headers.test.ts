import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const list = async () => (await c.get('/api/top_headers/list.php')).json();

describe('POST /api/top_headers/create.php', () => {
  it('creates with sort order 1 and the spec colours by default, answering { ok, id, message }', async () => {
    const res = await c.post('/api/top_headers/create.php', { text: '  Frete grátis acima de R$ 199  ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, id: expect.any(Number), message: 'Top Header criado!' });
    expect(body.top_header).toEqual({
      id: body.id,
      text: 'Frete grátis acima de R$ 199',
      bg_color: '#003e64',
      text_color: '#ffffff',
      sort_order: 1,
    });
  });

  it('takes colours as free text and sort_order as text', async () => {
    const res = await c.post('/api/top_headers/create.php', {
      text: 'Parcele em 12x',
      bg_color: 'red',
      text_color: '#000',
      sort_order: '0',
    });
    expect(res.json().top_header).toMatchObject({ text: 'Parcele em 12x', bg_color: 'red', text_color: '#000', sort_order: 0 });
  });

  it('refuses a sort order that is no integer or out of range in words naming the field and its range', async () => {
    const before = await list();
    for (const sort_order of ['99999999999999', '1.5', 'primeiro', -2_000_000_000]) {
      const res = await c.post('/api/top_headers/create.php', { text: 'Ordem estranha', sort_order });
      expect(res.statusCode, String(sort_order)).toBe(400);
      expect(res.json().error).toBe('sort_order: Ordem inválida: use um número inteiro de -1.000.000.000 a 1.000.000.000');
    }
    expect(await list()).toEqual(before);
    const blank = await c.post('/api/top_headers/create.php', { text: 'Ordem em branco', sort_order: '' });
    expect(blank.json().top_header.sort_order).toBe(1);
    await c.post(`/api/top_headers/delete.php?id=${blank.json().id}`);
  });

  it('refuses a blank or missing text, and unknown fields are never written', async () => {
    const before = await list();
    const blank = await c.post('/api/top_headers/create.php', { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'Informe o texto do Top Header' });
    const missing = await c.post('/api/top_headers/create.php', { bg_color: '#fff' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'Preencha todos os campos' });
    expect(await list()).toEqual(before);

    const extra = await c.post('/api/top_headers/create.php', { text: 'Extra', id: 999, created_at: '2000-01-01' });
    expect(extra.json().id).not.toBe(999);
    await c.post(`/api/top_headers/delete.php?id=${extra.json().id}`);
  });
});

describe('GET /api/top_headers/list.php', () => {
  it('answers an array of {id, text, bg_color, text_color, sort_order} in display order, to visitors too', async () => {
    const rows = await list();
    expect(rows.map((r: { text: string }) => r.text)).toEqual(['Parcele em 12x', 'Frete grátis acima de R$ 199']);
    expect(Object.keys(rows[0]).sort()).toEqual(['bg_color', 'id', 'sort_order', 'text', 'text_color']);
  });
});

describe('POST /api/top_headers/update.php?id=', () => {
  it('changes the given fields; a blank colour goes back to the default', async () => {
    const [first] = await list();
    const res = await c.post(`/api/top_headers/update.php?id=${first.id}`, { text: 'Parcele sem juros', bg_color: '', sort_order: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, id: first.id, message: 'Top Header atualizado!' });
    expect(res.json().top_header).toEqual({ ...first, text: 'Parcele sem juros', bg_color: '#003e64', sort_order: 3 });
    expect((await list()).find((r: { id: number }) => r.id === first.id)).toEqual(res.json().top_header);
  });

  it('refuses a blank text or an unknown id and changes nothing', async () => {
    const before = await list();
    const blank = await c.post(`/api/top_headers/update.php?id=${before[0].id}`, { text: '', bg_color: 'blue' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'Informe o texto do Top Header' });
    const missing = await c.post('/api/top_headers/update.php?id=999999', { text: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Top Header não encontrado' });
    expect(await list()).toEqual(before);
  });
});

describe('POST /api/top_headers/delete.php?id=', () => {
  it('deletes the row', async () => {
    const created = (await c.post('/api/top_headers/create.php', { text: 'Temporário' })).json();
    const res = await c.post(`/api/top_headers/delete.php?id=${created.id}`);
    expect(res.json()).toEqual({ ok: true, message: 'Top Header excluído' });
    expect((await list()).map((r: { id: number }) => r.id)).not.toContain(created.id);
  });

  it('refuses an unknown id', async () => {
    const before = await c.count('top_headers');
    const res = await c.post('/api/top_headers/delete.php?id=999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Top Header não encontrado' });
    expect(await c.count('top_headers')).toBe(before);
  });
});

describe('tRPC topHeaders.* (same services)', () => {
  it('topHeaders.list and content.layout return the same data as list.php', async () => {
    const legacy = await list();
    expect(legacy.length).toBe(2);
    expect(await c.trpcQuery('topHeaders.list')).toEqual(legacy);
    expect((await c.trpcQuery('content.layout')).topHeaders).toEqual(legacy);
  });

  it('create, update and delete apply the same rules', async () => {
    const created = (await c.trpcMutation('topHeaders.create', { text: 'Via tRPC', text_color: '#111111' })).json().result.data;
    expect(created).toMatchObject({ text: 'Via tRPC', bg_color: '#003e64', text_color: '#111111', sort_order: 1 });
    expect((await list()).find((r: { id: number }) => r.id === created.id)).toEqual(created);

    const blank = await c.trpcMutation('topHeaders.update', { id: created.id, text: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Informe o texto do Top Header');

    const updated = (await c.trpcMutation('topHeaders.update', { id: created.id, sort_order: 9 })).json().result.data;
    expect(updated).toEqual({ ...created, sort_order: 9 });
    expect((await c.trpcMutation('topHeaders.delete', { id: created.id })).json().result.data).toEqual({ ok: true });
    expect(await c.count('top_headers')).toBe(2);
  });
});
