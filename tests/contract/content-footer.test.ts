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

type Link = { id: number; section_id: number; label: string; url: string; sort_order: number };
type Section = { id: number; title: string; sort_order: number; links: Link[] };
const sections = async (): Promise<Section[]> => (await c.get('/api/footer_sections/list.php')).json();
const addSection = async (title: string, sort_order?: number) =>
  (await c.post('/api/footer_sections/create.php', { title, sort_order })).json();

describe('POST /api/footer_sections/create.php', () => {
  it('creates a section from JSON {title, sort_order} and answers { ok, id, message }', async () => {
    const res = await c.post('/api/footer_sections/create.php', { title: 'Institucional', sort_order: 2 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, id: expect.any(Number), message: 'Seção adicionada' });
    expect(body.section).toEqual({ id: body.id, title: 'Institucional', sort_order: 2, links: [] });
  });

  it('refuses a blank title and writes nothing', async () => {
    const res = await c.post('/api/footer_sections/create.php', { title: '  ', sort_order: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Informe o título da seção' });
    expect(await c.count('footer_sections')).toBe(1);
  });
});

describe('POST /api/footer_links/create.php', () => {
  it('adds a link to a section; an empty url makes a plain-text item', async () => {
    const [section] = await sections();
    const res = await c.post('/api/footer_links/create.php', { section_id: section?.id, label: 'Sobre nós', url: '/sobre', sort_order: 2 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, id: expect.any(Number), message: 'Link adicionado' });
    expect(body.link).toEqual({ id: body.id, section_id: section?.id, label: 'Sobre nós', url: '/sobre', sort_order: 2 });
    const plain = await c.post('/api/footer_links/create.php', {
      section_id: String(section?.id),
      label: 'CNPJ 00.000.000/0001-00',
      sort_order: '1',
    });
    expect(plain.json().link).toMatchObject({ url: '', sort_order: 1 });
  });

  it('refuses a blank label, an unknown section or a script URL and writes nothing', async () => {
    const [section] = await sections();
    const before = await c.count('footer_links');
    const blank = await c.post('/api/footer_links/create.php', { section_id: section?.id, label: ' ', url: '/x' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'Informe o texto do link' });
    const orphan = await c.post('/api/footer_links/create.php', { section_id: 999999, label: 'Órfão' });
    expect(orphan.statusCode).toBe(404);
    expect(orphan.json()).toEqual({ error: 'Seção não encontrada' });
    const js = await c.post('/api/footer_links/create.php', { section_id: section?.id, label: 'XSS', url: 'JavaScript:alert(1)' });
    expect(js.statusCode).toBe(400);
    expect(js.json()).toEqual({ error: 'Link inválido' });
    expect(await c.count('footer_links')).toBe(before);
  });
});

describe('GET /api/footer_sections/list.php', () => {
  it('answers the sections in order, each with its links in order', async () => {
    await addSection('Ajuda', 1);
    const rows = await sections();
    expect(rows.map((s) => s.title)).toEqual(['Ajuda', 'Institucional']);
    expect(rows[0]?.links).toEqual([]);
    expect(rows[1]?.links.map((l) => [l.label, l.url])).toEqual([
      ['CNPJ 00.000.000/0001-00', ''],
      ['Sobre nós', '/sobre'],
    ]);
  });
});

describe('POST /api/footer_links/update.php?id=', () => {
  it('changes label and url from JSON', async () => {
    const link = (await sections())[1]?.links[1] as Link;
    const res = await c.post(`/api/footer_links/update.php?id=${link.id}`, { label: 'Quem somos', url: 'https://loja.example/quem-somos' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, id: link.id, message: 'Link atualizado' });
    expect(res.json().link).toEqual({ ...link, label: 'Quem somos', url: 'https://loja.example/quem-somos' });
  });

  it('refuses a blank label, a script URL or an unknown id and changes nothing', async () => {
    const before = await sections();
    const link = before[1]?.links[1] as Link;
    const blank = await c.post(`/api/footer_links/update.php?id=${link.id}`, { label: '', url: '/novo' });
    expect(blank.json()).toEqual({ error: 'Informe o texto do link' });
    const js = await c.post(`/api/footer_links/update.php?id=${link.id}`, { label: 'Ok', url: 'javascript:alert(1)' });
    expect(js.json()).toEqual({ error: 'Link inválido' });
    const missing = await c.post('/api/footer_links/update.php?id=999999', { label: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Link não encontrado' });
    expect(await sections()).toEqual(before);
  });
});

describe('POST /api/footer_links/delete.php', () => {
  it('deletes by JSON {id}', async () => {
    const link = (await sections())[1]?.links[0] as Link;
    const res = await c.post('/api/footer_links/delete.php', { id: link.id });
    expect(res.json()).toEqual({ ok: true, message: 'Link removido' });
    expect((await sections())[1]?.links.map((l) => l.id)).not.toContain(link.id);
  });

  it('refuses an unknown id', async () => {
    const res = await c.post('/api/footer_links/delete.php', { id: 999999 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Link não encontrado' });
  });
});

describe('POST /api/footer_sections/delete.php', () => {
  it('deletes a section with all its links', async () => {
    const section = (await sections())[1] as Section;
    expect(section.links.length).toBe(1);
    const res = await c.post('/api/footer_sections/delete.php', { id: section.id });
    expect(res.json()).toEqual({ ok: true, message: 'Seção removida' });
    expect((await sections()).map((s) => s.id)).not.toContain(section.id);
    expect(await c.count('footer_links')).toBe(0);
  });

  it('refuses an unknown id', async () => {
    const before = await c.count('footer_sections');
    const res = await c.post('/api/footer_sections/delete.php?id=999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Seção não encontrada' });
    expect(await c.count('footer_sections')).toBe(before);
  });
});

describe('tRPC footer section and link procedures (same services)', () => {
  it('footer.sections and content.layout return the same data as list.php', async () => {
    const legacy = await sections();
    expect(legacy.length).toBe(1);
    expect(await c.trpcQuery('footer.sections')).toEqual(legacy);
    expect((await c.trpcQuery('content.layout')).footerSections).toEqual(legacy);
  });

  it('createSection, createLink, updateLink, deleteLink and deleteSection apply the same rules', async () => {
    const section = (await c.trpcMutation('footer.createSection', { title: 'Redes', sort_order: 5 })).json().result.data;
    expect(section).toMatchObject({ title: 'Redes', sort_order: 5, links: [] });
    const blank = await c.trpcMutation('footer.createLink', { section_id: section.id, label: '' });
    expect(blank.json().error.message).toBe('Informe o texto do link');
    const link = (
      await c.trpcMutation('footer.createLink', { section_id: section.id, label: 'Instagram', url: 'https://instagram.com/loja' })
    ).json().result.data;
    expect((await sections()).find((s) => s.id === section.id)?.links).toEqual([link]);
    const updated = (await c.trpcMutation('footer.updateLink', { id: link.id, url: '' })).json().result.data;
    expect(updated).toEqual({ ...link, url: '' });
    expect((await c.trpcMutation('footer.deleteLink', { id: link.id })).json().result.data).toEqual({ ok: true });
    expect((await c.trpcMutation('footer.deleteSection', { id: section.id })).json().result.data).toEqual({ ok: true });
    expect((await sections()).map((s) => s.id)).not.toContain(section.id);
  });
});
