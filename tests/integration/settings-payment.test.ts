import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Pix and installment settings (issue 18): Pix 0–50% and a monthly rate 0–10% with up to 2
 * decimals, 1–24 instalments of which at most all are interest-free, a minimum instalment ≥ 0.
 * Server rules, the same for tRPC and the legacy `settings/update.php`: a bad value gets a
 * Portuguese message naming its field and nothing of that request is saved.
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
  return {
    title: s.site_title,
    pix: s.pix_discount_percent,
    max: s.installments_max,
    free: s.installments_interest_free,
    min: s.installments_min_value,
    rate: s.installments_interest_rate,
  };
};
const DEFAULTS = { title: 'Minha Loja', pix: 0, max: 1, free: 1, min: '0.00', rate: 0 };
const refusal = (res: { statusCode: number; json: () => { error: { message: string; data: { field: string | null } } } }) => ({
  status: res.statusCode,
  message: res.json().error.message,
  field: res.json().error.data.field,
});

describe('payment settings through tRPC', () => {
  it('starts off: no Pix discount, one instalment', async () => {
    expect(await stored()).toEqual(DEFAULTS);
  });

  it.each([
    [{ pix_discount_percent: -5 }, 'pix_discount_percent', 'Desconto no Pix deve estar entre 0 e 50% com até 2 casas decimais'],
    [{ pix_discount_percent: 60 }, 'pix_discount_percent', 'Desconto no Pix deve estar entre 0 e 50% com até 2 casas decimais'],
    [{ pix_discount_percent: 7.555 }, 'pix_discount_percent', 'Desconto no Pix deve estar entre 0 e 50% com até 2 casas decimais'],
    [{ pix_discount_percent: 'dez' }, 'pix_discount_percent', 'Desconto no Pix deve estar entre 0 e 50% com até 2 casas decimais'],
    [{ installments_interest_rate: -1 }, 'installments_interest_rate', 'Juros ao mês deve estar entre 0 e 10% com até 2 casas decimais'],
    [{ installments_interest_rate: 10.5 }, 'installments_interest_rate', 'Juros ao mês deve estar entre 0 e 10% com até 2 casas decimais'],
    [{ installments_max: 25 }, 'installments_max', 'Número máximo de parcelas deve estar entre 1 e 24'],
    [{ installments_max: 0 }, 'installments_max', 'Número máximo de parcelas deve estar entre 1 e 24'],
    [
      { installments_min_value: '-5' },
      'installments_min_value',
      'Parcela mínima inválida: use um valor maior ou igual a zero com até 2 casas decimais (ex.: 5,00)',
    ],
    [
      { installments_max: 3, installments_interest_free: 6 },
      'installments_interest_free',
      'Parcelas sem juros não pode ser maior que o número máximo de parcelas',
    ],
  ])('refuses %j with its message and saves nothing', async (change, field, message) => {
    const res = await c.trpcMutation('settings.update', { site_title: 'Nao salva', ...change });
    expect(refusal(res)).toEqual({ status: 400, message, field });
    expect(await stored()).toEqual(DEFAULTS);
  });

  it('saves valid values, normalising text forms, and checks a lone count against the stored other', async () => {
    const ok = await c.trpcMutation('settings.update', {
      pix_discount_percent: '7,5',
      installments_max: 12,
      installments_interest_free: 3,
      installments_min_value: '5,9',
      installments_interest_rate: 1.99,
    });
    expect(ok.statusCode).toBe(200);
    expect(await stored()).toEqual({ title: 'Minha Loja', pix: 7.5, max: 12, free: 3, min: '5.90', rate: 1.99 });

    const lowerMax = await c.trpcMutation('settings.update', { installments_max: 2 });
    expect(refusal(lowerMax)).toEqual({
      status: 400,
      message: 'Parcelas sem juros não pode ser maior que o número máximo de parcelas',
      field: 'installments_max',
    });
    const raiseFree = await c.trpcMutation('settings.update', { installments_interest_free: 13 });
    expect(refusal(raiseFree)).toMatchObject({ status: 400, field: 'installments_interest_free' });
    expect(await stored()).toMatchObject({ max: 12, free: 3 });
    await c.trpcMutation('settings.update', {
      pix_discount_percent: 0,
      installments_max: 1,
      installments_interest_free: 1,
      installments_min_value: '0',
      installments_interest_rate: 0,
    });
    expect(await stored()).toEqual(DEFAULTS);
  });
});

describe('payment settings through the legacy settings/update.php', () => {
  it('refuses a bad percent, a negative rate and more interest-free than maximum, as JSON and multipart', async () => {
    const pct = await c.post('/settings/update.php', { site_title: 'Nao salva', pix_discount_percent: 51 });
    expect(pct.statusCode).toBe(400);
    expect(pct.json().error).toBe('Desconto no Pix deve estar entre 0 e 50% com até 2 casas decimais');
    const rate = await c.postForm('/settings/update.php', { site_title: 'Nao salva', installments_interest_rate: '-0,5' });
    expect(rate.statusCode).toBe(400);
    expect(rate.json().error).toBe('Juros ao mês deve estar entre 0 e 10% com até 2 casas decimais');
    const order = await c.postForm('/settings/update.php', { installments_max: '4', installments_interest_free: '5' });
    expect(order.statusCode).toBe(400);
    expect(order.json().error).toBe('Parcelas sem juros não pode ser maior que o número máximo de parcelas');
    expect(await stored()).toEqual(DEFAULTS);
  });

  it('saves a multipart form and get.php returns the new fields beside the old ones', async () => {
    const res = await c.postForm('/settings/update.php', {
      pix_discount_percent: '10',
      installments_max: '6',
      installments_interest_free: '3',
      installments_min_value: '10,00',
      installments_interest_rate: '2.49',
    });
    expect(res.statusCode).toBe(200);
    const got = (await c.t.app.inject({ method: 'GET', url: '/settings/get.php' })).json();
    expect(got).toMatchObject({
      site_title: 'Minha Loja',
      currency: 'BRL',
      pix_discount_percent: 10,
      installments_max: 6,
      installments_interest_free: 3,
      installments_min_value: '10.00',
      installments_interest_rate: 2.49,
    });
  });
});
