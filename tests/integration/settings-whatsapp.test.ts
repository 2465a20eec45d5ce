import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEEK_HOURS } from '../../shared/business-hours.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * WhatsApp settings (issue 18): number (E.164, +55 by default), default message, hours per
 * weekday in the shop's time zone. Server rules, the same for tRPC and the legacy
 * `settings/update.php`: a bad value gets a Portuguese message naming its field and nothing of
 * that request is saved; get.php keeps its shape and gains the fields.
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
    number: s.whatsapp_number,
    message: s.whatsapp_message,
    enabled: s.whatsapp_hours_enabled,
    hours: s.whatsapp_hours,
    zone: s.time_zone,
  };
};
const DEFAULTS = { title: 'Minha Loja', number: '', message: '', enabled: false, hours: DEFAULT_WEEK_HOURS, zone: 'America/Sao_Paulo' };
const refusal = (res: { statusCode: number; json: () => { error: { message: string; data: { field: string | null } } } }) => ({
  status: res.statusCode,
  message: res.json().error.message,
  field: res.json().error.data.field,
});
const BAD_NUMBER =
  'Número de WhatsApp inválido: informe o DDD e o número, como (11) 98765-4321, ou o código do país com +, como +351 912 345 678';
const allClosed = DEFAULT_WEEK_HOURS.map((d) => ({ ...d, open: false }));

describe('WhatsApp settings through tRPC', () => {
  it('starts with no WhatsApp, hours off and the São Paulo time zone', async () => {
    expect(await stored()).toEqual(DEFAULTS);
  });

  it.each([
    [{ whatsapp_number: '98765-4321' }, 'whatsapp_number', BAD_NUMBER],
    [{ whatsapp_number: '(10) 98765-4321' }, 'whatsapp_number', BAD_NUMBER],
    [{ whatsapp_number: 'meu zap' }, 'whatsapp_number', BAD_NUMBER],
    [{ whatsapp_number: 11987654321 }, 'whatsapp_number', BAD_NUMBER],
    [{ whatsapp_message: 'x'.repeat(501) }, 'whatsapp_message', 'A mensagem padrão pode ter no máximo 500 caracteres'],
    [{ time_zone: 'Brasília' }, 'time_zone', 'Fuso horário inválido: escolha um da lista, como America/Sao_Paulo (horário de Brasília)'],
    [
      { whatsapp_hours: DEFAULT_WEEK_HOURS.map((d, i) => (i === 5 ? { ...d, from: '19:00' } : d)) },
      'whatsapp_hours.5.to',
      'Sexta-feira: o horário de início deve ser antes do horário de fim',
    ],
    [
      { whatsapp_hours_enabled: true, whatsapp_hours: allClosed },
      'whatsapp_hours_enabled',
      'Marque ao menos um dia de atendimento ou desligue os horários de atendimento',
    ],
  ])('refuses %j with its message and saves nothing', async (change, field, message) => {
    const res = await c.trpcMutation('settings.update', { site_title: 'Nao salva', whatsapp_message: 'Nao salva', ...change });
    expect(refusal(res)).toEqual({ status: 400, message, field });
    expect(await stored()).toEqual(DEFAULTS);
  });

  it('saves a Brazilian number without country code as +55, trims the message, and checks a lone switch against the stored hours', async () => {
    const ok = await c.trpcMutation('settings.update', {
      whatsapp_number: ' (11) 98765-4321 ',
      whatsapp_message: '  Olá! Quero saber mais 😊\n',
      whatsapp_hours_enabled: true,
      time_zone: 'America/Manaus',
    });
    expect(ok.statusCode).toBe(200);
    expect(await stored()).toEqual({
      ...DEFAULTS,
      number: '+5511987654321',
      message: 'Olá! Quero saber mais 😊',
      enabled: true,
      zone: 'America/Manaus',
    });
    // Closing every day while the stored switch is on is refused; so is switching on over closed days.
    const closeAll = await c.trpcMutation('settings.update', { whatsapp_hours: allClosed });
    expect(refusal(closeAll)).toMatchObject({ status: 400, field: 'whatsapp_hours_enabled' });
    expect((await stored()).hours).toEqual(DEFAULTS.hours);
    expect((await c.trpcMutation('settings.update', { whatsapp_hours_enabled: false, whatsapp_hours: allClosed })).statusCode).toBe(200);
    expect(refusal(await c.trpcMutation('settings.update', { whatsapp_hours_enabled: true }))).toMatchObject({ status: 400 });
    expect(
      (
        await c.trpcMutation('settings.update', {
          whatsapp_number: '',
          whatsapp_message: '',
          whatsapp_hours: DEFAULT_WEEK_HOURS,
          time_zone: 'America/Sao_Paulo',
        })
      ).statusCode,
    ).toBe(200);
    expect(await stored()).toEqual(DEFAULTS);
  });

  it('is refused by the database too when written around the service', async () => {
    await expect(c.sql("update settings set whatsapp_number = '11987654321' where id = 1")).rejects.toThrow();
    await expect(c.sql(`update settings set whatsapp_hours = '[]'::jsonb where id = 1`)).rejects.toThrow();
    expect(await stored()).toEqual(DEFAULTS);
  });
});

describe('WhatsApp settings through the legacy settings/update.php', () => {
  it('refuses a bad number as JSON and multipart, saving nothing', async () => {
    const json = await c.post('/settings/update.php', { site_title: 'Nao salva', whatsapp_number: '1234' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe(BAD_NUMBER);
    const form = await c.postForm('/settings/update.php', { site_title: 'Nao salva', whatsapp_number: '+55 11 8765-4321' });
    expect(form.statusCode).toBe(400);
    expect(form.json().error).toBe(BAD_NUMBER);
    expect(await stored()).toEqual(DEFAULTS);
  });

  it('saves a multipart form (hours as JSON text) and get.php returns the new fields beside the old ones', async () => {
    const hours = DEFAULT_WEEK_HOURS.map((d, i) => (i === 6 ? { ...d, open: false } : d));
    const res = await c.postForm('/settings/update.php', {
      whatsapp_number: '0055 21 2345-6789',
      whatsapp_message: 'Oi & bem-vindo #1',
      whatsapp_hours_enabled: '1',
      whatsapp_hours: JSON.stringify(hours),
    });
    expect(res.statusCode).toBe(200);
    const got = (await c.t.app.inject({ method: 'GET', url: '/settings/get.php' })).json();
    expect(got).toMatchObject({
      site_title: 'Minha Loja',
      currency: 'BRL',
      pix_discount_percent: 0,
      whatsapp_number: '+552123456789',
      whatsapp_message: 'Oi & bem-vindo #1',
      whatsapp_hours_enabled: true,
      whatsapp_hours: hours,
      time_zone: 'America/Sao_Paulo',
    });
  });
});
