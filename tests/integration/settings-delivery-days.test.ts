import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Delivery days (issue 14 item 5): minimum 1–30, maximum 1–60 and minimum ≤ maximum are server
 * rules, the same for tRPC and the legacy `settings/update.php`. A value that breaks them is
 * refused with a Portuguese message naming the field, and nothing of that request is saved.
 */
let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const stored = async () => {
  const s = await c.trpcQuery('settings.get');
  return { title: s.site_title, min: s.shipping_min_days, max: s.shipping_max_days };
};
const trpcRefusal = (res: { statusCode: number; json: () => { error: { message: string; data: { field: string | null } } } }) => ({
  status: res.statusCode,
  message: res.json().error.message,
  field: res.json().error.data.field,
});

describe('delivery days through tRPC', () => {
  it('refuses a minimum above the maximum, naming the minimum, and saves nothing', async () => {
    const res = await c.trpcMutation('settings.update', { site_title: 'Nao salva', shipping_min_days: 7, shipping_max_days: 3 });
    expect(trpcRefusal(res)).toEqual({
      status: 400,
      message: 'Prazo mínimo não pode ser maior que o prazo máximo',
      field: 'shipping_min_days',
    });
    expect(await stored()).toEqual({ title: 'Minha Loja', min: 2, max: 5 });
  });

  it('checks a lone minimum against the stored maximum, and a lone maximum against the stored minimum', async () => {
    const min = await c.trpcMutation('settings.update', { shipping_min_days: 6 });
    expect(trpcRefusal(min)).toMatchObject({ status: 400, field: 'shipping_min_days' });
    const max = await c.trpcMutation('settings.update', { shipping_max_days: 1 });
    expect(trpcRefusal(max)).toEqual({
      status: 400,
      message: 'Prazo mínimo não pode ser maior que o prazo máximo',
      field: 'shipping_max_days',
    });
    expect(await stored()).toMatchObject({ min: 2, max: 5 });
  });

  it('refuses out-of-range days with the range in the message instead of saving the default', async () => {
    const low = await c.trpcMutation('settings.update', { shipping_min_days: 0 });
    expect(trpcRefusal(low)).toEqual({
      status: 400,
      message: 'Prazo mínimo deve estar entre 1 e 30 dias úteis',
      field: 'shipping_min_days',
    });
    const high = await c.trpcMutation('settings.update', { shipping_max_days: 99 });
    expect(trpcRefusal(high)).toEqual({
      status: 400,
      message: 'Prazo máximo deve estar entre 1 e 60 dias úteis',
      field: 'shipping_max_days',
    });
    const text = await c.trpcMutation('settings.update', { shipping_max_days: '' });
    expect(trpcRefusal(text)).toMatchObject({ status: 400, field: 'shipping_max_days' });
    expect(await stored()).toMatchObject({ min: 2, max: 5 });
  });

  it('accepts an equal pair and a valid change of both', async () => {
    expect((await c.trpcMutation('settings.update', { shipping_min_days: 4, shipping_max_days: 4 })).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ min: 4, max: 4 });
    expect((await c.trpcMutation('settings.update', { shipping_min_days: 10, shipping_max_days: 20 })).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ min: 10, max: 20 });
    await c.trpcMutation('settings.update', { shipping_min_days: 2, shipping_max_days: 5 });
  });
});

describe('delivery days through the legacy settings/update.php', () => {
  it('refuses 7 to 3 as JSON and as a multipart form, saving nothing', async () => {
    const json = await c.post('/settings/update.php', { site_title: 'Nao salva', shipping_min_days: 7, shipping_max_days: 3 });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('Prazo mínimo não pode ser maior que o prazo máximo');
    const form = await c.postForm('/settings/update.php', { site_title: 'Nao salva', shipping_min_days: '7', shipping_max_days: '3' });
    expect(form.statusCode).toBe(400);
    expect(form.json().error).toBe('Prazo mínimo não pode ser maior que o prazo máximo');
    expect(await stored()).toEqual({ title: 'Minha Loja', min: 2, max: 5 });
  });

  it('refuses 0 and 99 with the range instead of silently saving 2 and 5', async () => {
    const res = await c.post('/settings/update.php', { shipping_min_days: 0, shipping_max_days: 99 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Prazo mínimo deve estar entre 1 e 30 dias úteis');
    await c.post('/settings/update.php', { shipping_min_days: 3, shipping_max_days: 8 });
    const high = await c.postForm('/settings/update.php', { shipping_max_days: '99' });
    expect(high.json().error).toBe('Prazo máximo deve estar entre 1 e 60 dias úteis');
    expect(await stored()).toMatchObject({ min: 3, max: 8 });
    await c.post('/settings/update.php', { shipping_min_days: 2, shipping_max_days: 5 });
  });

  it('refuses other out-of-range numbers the same way (no silent default)', async () => {
    const res = await c.post('/settings/update.php', { payment_icon_size: 200 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Tamanho dos ícones deve estar entre 24 e 80 px');
    expect((await c.trpcQuery('settings.get')).payment_icon_size).toBe(40);
  });
});
