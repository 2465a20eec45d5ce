import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { fakePng, png } from '../helpers/images.ts';
import { formData } from '../helpers/multipart.ts';
import { createTestApp } from '../helpers/test-app.ts';

let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

type Icon = { id: number; image_url: string; alt_text: string; active: boolean; sort_order: number };
const list = async (): Promise<Icon[]> => (await c.get('/api/footer_icons/list.php')).json();
const create = async (fields: Record<string, string>, image?: Buffer) =>
  c.postForm('/api/footer_icons/create.php', fields, image ? [{ field: 'image', name: 'pix.png', data: image }] : []);

describe('POST /api/footer_icons/create.php', () => {
  it('stores the image and answers { ok: true, id, message }; alt text defaults to Forma de pagamento', async () => {
    const res = await create({ sort_order: '2' }, await png());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, id: expect.any(Number), message: 'Ícone adicionado com sucesso' });
    expect(body.icon).toMatchObject({ id: body.id, alt_text: 'Forma de pagamento', active: true, sort_order: 2 });
    expect(body.icon.image_url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(c.fileExists(body.icon.image_url)).toBe(true);
    expect((await create({ alt_text: 'Pix', sort_order: '1' }, await png('#00aa88'))).json().icon.alt_text).toBe('Pix');
  });

  it('refuses a missing image with the spec text, and a fake one, leaving nothing behind', async () => {
    const before = { rows: await list(), files: c.files() };
    const none = await create({ alt_text: 'Boleto' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'Selecione uma imagem' });
    const fake = await c.postForm('/api/footer_icons/create.php', {}, [{ field: 'image', name: 'boleto.png', data: fakePng }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ error: 'boleto.png: formato não permitido' });
    expect({ rows: await list(), files: c.files() }).toEqual(before);
  });
});

describe('GET /api/footer_icons/list.php', () => {
  it('answers every icon, active or not, in display order', async () => {
    const rows = await list();
    expect(rows.map((i) => [i.alt_text, i.sort_order])).toEqual([
      ['Pix', 1],
      ['Forma de pagamento', 2],
    ]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['active', 'alt_text', 'id', 'image_url', 'sort_order']);
  });
});

describe('POST /api/footer_icons/toggle.php', () => {
  it('sets active from 0/1, "0"/"1" or true/false and names the new state', async () => {
    const [icon] = await list();
    const off = await c.post('/api/footer_icons/toggle.php', { id: icon?.id, active: 0 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ ok: true, id: icon?.id, active: false, message: 'Ícone desativado' });
    expect((await list())[0]?.active).toBe(false);
    // a flag is set, not flipped: sending 0 again keeps the icon off
    expect((await c.post('/api/footer_icons/toggle.php', { id: icon?.id, active: '0' })).json()).toMatchObject({ active: false });
    // the storefront footer shows active icons only
    expect((await c.trpcQuery('content.layout')).footerIcons.map((i: Icon) => i.id)).not.toContain(icon?.id);
    const on = await c.post('/api/footer_icons/toggle.php', { id: String(icon?.id), active: '1' });
    expect(on.json()).toMatchObject({ active: true, message: 'Ícone ativado' });
    const flipped = await c.post(`/api/footer_icons/toggle.php?id=${icon?.id}`, {});
    expect(flipped.json()).toMatchObject({ active: false, message: 'Ícone desativado' });
    await c.post('/api/footer_icons/toggle.php', { id: icon?.id, active: true });
  });

  it('refuses an unknown id or an unreadable active flag and changes nothing', async () => {
    const before = await list();
    const missing = await c.post('/api/footer_icons/toggle.php', { id: 999999, active: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Ícone não encontrado' });
    const bad = await c.post('/api/footer_icons/toggle.php', { id: before[0]?.id, active: 'talvez' });
    expect(bad.statusCode).toBe(400);
    expect(await list()).toEqual(before);
  });
});

describe('POST /api/footer_icons/delete.php', () => {
  it('deletes by JSON {id} or ?id= and removes the file', async () => {
    const [a, b] = await list();
    const res = await c.post('/api/footer_icons/delete.php', { id: a?.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Ícone removido' });
    expect(c.fileExists(a?.image_url ?? '')).toBe(false);
    expect((await c.post(`/api/footer_icons/delete.php?id=${b?.id}`)).json()).toEqual({ ok: true, message: 'Ícone removido' });
    expect(await list()).toEqual([]);
  });

  it('refuses an unknown id', async () => {
    const res = await c.post('/api/footer_icons/delete.php', { id: 999999 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Ícone não encontrado' });
  });
});

describe('tRPC footer icon procedures (same services)', () => {
  it('createIcon takes FormData; icons, toggleIcon and deleteIcon match the legacy data', async () => {
    const form = formData({ alt_text: 'Cartão' }, [{ field: 'image', name: 'card.png', data: await png('#222222') }]);
    const res = await c.trpcForm('footer.createIcon', form);
    expect(res.status).toBe(200);
    const icon = (await res.json()).result.data;
    expect(icon).toMatchObject({ alt_text: 'Cartão', active: true });
    expect(await c.trpcQuery('footer.icons')).toEqual(await list());

    const empty = await c.trpcForm('footer.createIcon', new FormData());
    expect((await empty.json()).error.message).toBe('Selecione uma imagem');

    const toggled = (await c.trpcMutation('footer.toggleIcon', { id: icon.id, active: 0 })).json().result.data;
    expect(toggled).toEqual({ ...icon, active: false });
    expect((await c.trpcMutation('footer.deleteIcon', { id: icon.id })).json().result.data).toEqual({ ok: true });
    expect(c.fileExists(icon.image_url)).toBe(false);
    expect(await list()).toEqual([]);
  });
});
