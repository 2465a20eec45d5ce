import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../shared/br-contact.ts';
import { TAX_ID_MESSAGES } from '../../shared/br-document.ts';
import { FREE_SHIPPING_MESSAGES } from '../../shared/free-shipping-settings.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * The law's information and the free-shipping promise (issue 18 part 3): validated on the server
 * for tRPC and the legacy settings/update.php alike, stored normalised; a bad value gets its
 * Portuguese message naming its field and nothing of that request is saved; get.php keeps its
 * fields and gains the new ones.
 */
let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const KEYS = [
  'site_title',
  'legal_name',
  'legal_tax_id',
  'legal_street',
  'legal_district',
  'legal_city',
  'legal_state',
  'legal_postal_code',
  'legal_email',
  'legal_phone',
  'free_shipping_enabled',
  'free_shipping_threshold',
  'free_shipping_show_top',
  'free_shipping_show_product',
] as const;
const stored = async () => {
  const s = await c.trpcQuery('settings.get');
  return Object.fromEntries(KEYS.map((k) => [k, s[k]]));
};
const DEFAULTS = {
  site_title: 'Minha Loja',
  legal_name: '',
  legal_tax_id: '',
  legal_street: '',
  legal_district: '',
  legal_city: '',
  legal_state: '',
  legal_postal_code: '',
  legal_email: '',
  legal_phone: '',
  free_shipping_enabled: false,
  free_shipping_threshold: '0.00',
  free_shipping_show_top: true,
  free_shipping_show_product: true,
};
type Refused = { statusCode: number; json: () => { error: { message: string; data: { field: string | null } } } };
const refusal = (res: Refused) => ({ status: res.statusCode, message: res.json().error.message, field: res.json().error.data.field });

describe('legal information through tRPC', () => {
  it('starts empty, free shipping off', async () => {
    expect(await stored()).toEqual(DEFAULTS);
  });

  it.each([
    [{ legal_tax_id: '11.222.333/0001-82' }, 'legal_tax_id', TAX_ID_MESSAGES.cnpj],
    [{ legal_tax_id: '529.982.247-24' }, 'legal_tax_id', TAX_ID_MESSAGES.cpf],
    [{ legal_tax_id: '111.111.111-11' }, 'legal_tax_id', TAX_ID_MESSAGES.repeated],
    [{ legal_tax_id: '12345' }, 'legal_tax_id', TAX_ID_MESSAGES.invalid],
    [{ legal_phone: '(11) 1234-5678' }, 'legal_phone', CONTACT_MESSAGES.phone],
    [{ legal_phone: 'ligue já' }, 'legal_phone', CONTACT_MESSAGES.phone],
    [{ legal_email: 'contato@loja' }, 'legal_email', CONTACT_MESSAGES.email],
    [{ legal_postal_code: '1234-567' }, 'legal_postal_code', CONTACT_MESSAGES.postalCode],
    [{ legal_state: 'XX' }, 'legal_state', CONTACT_MESSAGES.state],
    [{ legal_name: 'x'.repeat(201) }, 'legal_name', 'Razão social ou nome deve ter no máximo 200 caracteres'],
    [{ free_shipping_threshold: '-10' }, 'free_shipping_threshold', FREE_SHIPPING_MESSAGES.threshold],
    [{ free_shipping_threshold: '199,999' }, 'free_shipping_threshold', FREE_SHIPPING_MESSAGES.threshold],
    [{ free_shipping_enabled: true, free_shipping_threshold: '0' }, 'free_shipping_threshold', FREE_SHIPPING_MESSAGES.required],
    [{ free_shipping_enabled: true }, 'free_shipping_threshold', FREE_SHIPPING_MESSAGES.required],
  ])('refuses %j with its message and saves nothing', async (change, field, message) => {
    const res = await c.trpcMutation('settings.update', { site_title: 'Nao salva', legal_name: 'Nao Salva Ltda', ...change });
    expect(refusal(res)).toEqual({ status: 400, message, field });
    expect(await stored()).toEqual(DEFAULTS);
  });

  it('stores every field normalised and answers it so', async () => {
    const res = await c.trpcMutation('settings.update', {
      legal_name: '  Loja Exemplo Comércio Ltda ',
      legal_tax_id: '11.222.333/0001-81',
      legal_street: 'Av. Paulista, 1000, sala 12',
      legal_district: 'Bela Vista',
      legal_city: 'São Paulo',
      legal_state: 'sp',
      legal_postal_code: '01310-100',
      legal_email: 'Contato@LojaExemplo.com.br',
      legal_phone: '+55 (11) 98765-4321',
      free_shipping_enabled: true,
      free_shipping_threshold: '199',
      free_shipping_show_product: false,
    });
    expect(res.statusCode).toBe(200);
    expect(await stored()).toEqual({
      ...DEFAULTS,
      legal_name: 'Loja Exemplo Comércio Ltda',
      legal_tax_id: '11222333000181',
      legal_street: 'Av. Paulista, 1000, sala 12',
      legal_district: 'Bela Vista',
      legal_city: 'São Paulo',
      legal_state: 'SP',
      legal_postal_code: '01310100',
      legal_email: 'Contato@lojaexemplo.com.br',
      legal_phone: '11987654321',
      free_shipping_enabled: true,
      free_shipping_threshold: '199.00',
      free_shipping_show_product: false,
    });
    // A lone threshold of zero is checked against the stored "on".
    const zero = await c.trpcMutation('settings.update', { free_shipping_threshold: '0' });
    expect(refusal(zero)).toEqual({ status: 400, message: FREE_SHIPPING_MESSAGES.required, field: 'free_shipping_threshold' });
    // Off, the amount may be anything ≥ 0; empty texts clear the fields.
    const cleared = await c.trpcMutation('settings.update', {
      free_shipping_enabled: false,
      free_shipping_threshold: '0',
      free_shipping_show_product: true,
      ...Object.fromEntries(KEYS.filter((k) => k.startsWith('legal_')).map((k) => [k, ''])),
    });
    expect(cleared.statusCode).toBe(200);
    expect(await stored()).toEqual(DEFAULTS);
  });

  it('is refused by the database too, whoever writes (a CNPJ not normalised, free shipping on at zero)', async () => {
    await expect(c.sql("update settings set legal_tax_id = '11.222.333/0001-81' where id = 1")).rejects.toThrow();
    await expect(c.sql('update settings set free_shipping_enabled = true where id = 1')).rejects.toThrow();
    expect(await stored()).toEqual(DEFAULTS);
  });
});

describe('legal information through the legacy settings/update.php', () => {
  it('refuses a bad CNPJ and a bad phone as JSON and multipart, saving nothing', async () => {
    const json = await c.post('/settings/update.php', { site_title: 'Nao salva', legal_tax_id: '11.222.333/0001-80' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe(TAX_ID_MESSAGES.cnpj);
    const form = await c.postForm('/settings/update.php', { site_title: 'Nao salva', legal_phone: '99' });
    expect(form.statusCode).toBe(400);
    expect(form.json().error).toBe(CONTACT_MESSAGES.phone);
    expect(await stored()).toEqual(DEFAULTS);
  });

  it('saves a multipart form, and get.php keeps its shape with the new fields added', async () => {
    const before = (await c.t.app.inject({ method: 'GET', url: '/settings/get.php' })).json() as Record<string, unknown>;
    const res = await c.postForm('/settings/update.php', {
      legal_name: 'Maria da Silva',
      legal_tax_id: '529.982.247-25',
      legal_phone: '(21) 3456-7890',
      free_shipping_enabled: '1',
      free_shipping_threshold: '149,90',
    });
    expect(res.statusCode).toBe(200);
    const got = (await c.t.app.inject({ method: 'GET', url: '/settings/get.php' })).json() as Record<string, unknown>;
    expect(Object.keys(got)).toEqual(Object.keys(before));
    for (const key of ['site_title', 'currency', 'locale', 'footer_bg_color', 'pix_discount_percent'])
      expect(got[key], key).toEqual(before[key]);
    expect(got).toMatchObject({
      legal_name: 'Maria da Silva',
      legal_tax_id: '52998224725',
      legal_phone: '2134567890',
      free_shipping_enabled: true,
      free_shipping_threshold: '149.90',
    });
    // The pages' own texts are not settings: never in get.php.
    expect(Object.keys(got).some((k) => k.endsWith('_text') && k.startsWith('legal_'))).toBe(false);
  });
});
