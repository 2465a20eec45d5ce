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

const data = async (res: Awaited<ReturnType<AdminApi['trpcMutation']>>) => {
  const body = res.json();
  if (body.error) throw new Error(body.error.message);
  return body.result.data;
};

describe('collections.create with a name another collection has', () => {
  it('creates it and warns, naming the other and the address this one got', async () => {
    const first = await data(await c.trpcMutation('collections.create', { name: 'Promoções' }));
    expect(first.warning).toBeNull();
    const second = await data(await c.trpcMutation('collections.create', { name: ' promocoes ' }));
    expect(second.collection.slug).toBe('promocoes-2');
    expect(second.warning).toBe('Já existe uma coleção chamada "Promoções". Esta foi criada com o endereço /colecao/promocoes-2.');
    expect((await data(await c.trpcMutation('collections.create', { name: 'Promoções de Verão' }))).warning).toBeNull();
  });

  it('leaves the legacy create.php answer as documented', async () => {
    const res = await c.post('/api/collections/create.php', { name: 'Promoções' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['collection', 'id', 'message', 'ok']);
    expect(res.json().collection.slug).toBe('promocoes-3');
  });
});

describe('footer.moveSection', () => {
  const titles = async () => ((await c.trpcQuery('footer.sections')) as { title: string }[]).map((s) => s.title);

  it('moves a section one place up or down, in the order the server has, and keeps it', async () => {
    for (const title of ['Ajuda', 'Institucional', 'Contato']) await data(await c.trpcMutation('footer.createSection', { title }));
    const before = (await c.trpcQuery('footer.sections')) as { id: number; title: string }[];
    const id = (t: string) => before.find((s) => s.title === t)?.id;
    const start = await titles();
    expect(start.slice(-3)).toEqual(['Ajuda', 'Institucional', 'Contato']);

    const answer = await data(await c.trpcMutation('footer.moveSection', { id: id('Contato'), direction: 'up' }));
    expect(answer.map((s: { title: string }) => s.title).slice(-3)).toEqual(['Ajuda', 'Contato', 'Institucional']);
    expect((await titles()).slice(-3)).toEqual(['Ajuda', 'Contato', 'Institucional']);
    // The legacy list reads the same order.
    const legacy = (await c.get('/api/footer_sections/list.php')).json() as { title: string }[];
    expect(legacy.map((s) => s.title).slice(-3)).toEqual(['Ajuda', 'Contato', 'Institucional']);

    await data(await c.trpcMutation('footer.moveSection', { id: id('Ajuda'), direction: 'down' }));
    expect((await titles()).slice(-3)).toEqual(['Contato', 'Ajuda', 'Institucional']);
  });

  it('refuses to move the last one down or an unknown section, changing nothing', async () => {
    const list = (await c.trpcQuery('footer.sections')) as { id: number }[];
    const before = await titles();
    const last = await c.trpcMutation('footer.moveSection', { id: list.at(-1)?.id, direction: 'down' });
    expect(last.statusCode).toBe(400);
    expect(last.json().error.message).toBe('A seção já está na ponta');
    const first = await c.trpcMutation('footer.moveSection', { id: list[0]?.id, direction: 'up' });
    expect(first.statusCode).toBe(400);
    const unknown = await c.trpcMutation('footer.moveSection', { id: 99999, direction: 'up' });
    expect(unknown.statusCode).toBe(404);
    expect(await titles()).toEqual(before);
  });
});
