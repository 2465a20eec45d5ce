import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../shared/currencies.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * WhatsApp on the server-rendered storefront (issue 18): the floating button (static HTML after the
 * app, 'Fale conosco pelo WhatsApp'), 'Comprar pelo WhatsApp' on the product page with the
 * product's name, price and link, next to the Buy Button or in its place without Shopify; outside
 * the hours the button says when the shop answers, and a cached page goes at the next boundary.
 */
const TITLE = 'Caneca "Café" & Cia #1';
let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
  await c.sql('insert into products (title, slug, price) values (?, ?, 79.90)', [TITLE, 'caneca-cafe']);
});
afterAll(async () => {
  await c.t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const page = async (app: AdminApi['t']['app'], url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
/** The wa.me links to the shop's number (not the share link, which names none), with their decoded message. */
const waLinks = (html: string) =>
  [...html.matchAll(/<a [^>]*href="(https:\/\/wa\.me\/\d[^"]*)"[^>]*>/g)].map((m) => {
    const url = new URL(decode(m[1] ?? ''));
    return { tag: m[0], number: url.pathname.slice(1), text: url.searchParams.get('text') };
  });
const floatOf = (html: string) => {
  const at = html.indexOf('data-whatsapp="float"');
  return at < 0 ? null : html.slice(html.lastIndexOf('<div ', at), html.indexOf('</div>', at) + 6);
};
const save = async (change: Record<string, unknown>) => expect((await c.trpcMutation('settings.update', change)).statusCode).toBe(200);

describe('without a WhatsApp number', () => {
  it('shows no WhatsApp and keeps the unavailable note on a product without Shopify', async () => {
    const html = await page(c.t.app, '/produto/caneca-cafe');
    expect(html).toContain('Compra online indisponível para este produto');
    expect(waLinks(html)).toEqual([]);
    expect(floatOf(await page(c.t.app, '/'))).toBeNull();
  });
});

describe('with a WhatsApp number and no Shopify shop', () => {
  beforeAll(async () => {
    await save({ whatsapp_number: '(11) 98765-4321' });
  });

  it('sells over WhatsApp in place of the Buy Button: name, price in the shop currency and the product link', async () => {
    const html = await page(c.t.app, '/produto/caneca-cafe');
    expect(html).not.toContain('Compra online indisponível');
    const buy = waLinks(html).find((l) => l.tag.includes('rel="noopener noreferrer"') && !l.tag.includes('data-whatsapp'));
    expect(buy?.number).toBe('5511987654321');
    expect(buy?.text).toBe(`Olá! Quero comprar este produto:\n${TITLE}\nPreço: R$ 79,90\nhttp://localhost/produto/caneca-cafe`);
    expect(html).toMatch(/>Comprar pelo WhatsApp<\/a>/);
    // The raw href keeps the message percent-encoded: & # " and the line breaks never end the parameter.
    expect(html).toContain('?text=Ol%C3%A1!%20Quero%20comprar%20este%20produto%3A%0ACaneca%20%22Caf%C3%A9%22%20%26%20Cia%20%231%0A');
  });

  it('writes the price in the shop currency format', async () => {
    await save({ currency: 'USD' });
    const text = waLinks(await page(c.t.app, '/produto/caneca-cafe')).find((l) => !l.tag.includes('data-whatsapp'))?.text;
    expect(text).toContain(`\nPreço: ${formatMoney('79.90', 'USD')}\n`);
    await save({ currency: 'BRL' });
  });

  it('renders the floating button after the app, outside what hydrates, with its label and the default greeting', async () => {
    const html = await page(c.t.app, '/');
    const float = floatOf(html) ?? '';
    expect(float).toContain('aria-label="Fale conosco pelo WhatsApp"');
    expect(float).not.toContain('Respondemos'); // no set hours: always answering
    expect(waLinks(float)[0]).toMatchObject({ number: '5511987654321', text: 'Olá! Vim pela loja Minha Loja e gostaria de atendimento.' });
    // After the root has closed (every <div> from the root's on is closed before it), just before the state.
    const root = html.indexOf('<div id="root">');
    const state = html.indexOf('<script id="__STATE__"');
    const start = html.lastIndexOf('<div ', html.indexOf('data-whatsapp="float"'));
    const between = html.slice(root, start);
    expect(root).toBeGreaterThan(0);
    expect(between.match(/<div[\s>]/g)?.length).toBe(between.match(/<\/div>/g)?.length);
    expect(start + float.length).toBe(state);
    expect(html.slice(state)).not.toContain('whatsapp.status'); // nothing of it to hydrate
    await save({ whatsapp_message: 'Oi! Vi a loja & quero ajuda #promo' });
    expect(waLinks(floatOf(await page(c.t.app, '/')) ?? '')[0]?.text).toBe('Oi! Vi a loja & quero ajuda #promo');
  });

  it('shows nothing of it on the lock screen', async () => {
    await save({ store_locked: true, store_unlock_password: 'segredo123' });
    const res = await c.t.app.inject({ method: 'GET', url: '/' });
    expect(floatOf(res.body)).toBeNull();
    await save({ store_locked: false });
  });
});

describe('with a Shopify shop connected', () => {
  it('shows Comprar pelo WhatsApp next to the Buy Button', async () => {
    const shop = await adminApi(await createTestApp({ SHOPIFY_DOMAIN: 'loja.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 'tok' }));
    try {
      await shop.sql("insert into products (title, slug, price, shopify_product_id) values ('Vaso', 'vaso', 120, '7654321')");
      await shop.trpcMutation('settings.update', { whatsapp_number: '+351 912 345 678' });
      const html = await page(shop.t.app, '/produto/vaso');
      expect(html).toContain('Adicionar ao Carrinho');
      expect(html).toContain('Comprar Agora');
      expect(html).not.toContain('Compra online indisponível');
      const buy = waLinks(html).find((l) => !l.tag.includes('data-whatsapp'));
      expect(buy).toMatchObject({ number: '351912345678' });
      expect(buy?.text).toContain('\nVaso\nPreço: R$ 120,00\n');
      // The WhatsApp link follows the Buy Button's buttons.
      expect(html.indexOf('Comprar pelo WhatsApp')).toBeGreaterThan(html.indexOf('Comprar Agora'));
    } finally {
      await shop.t.close();
    }
  });
});

describe('outside the hours (America/Sao_Paulo; Monday to Friday 9h–18h, Saturday 9h–13h)', () => {
  beforeAll(async () => {
    await save({ whatsapp_hours_enabled: true, whatsapp_message: '' });
  });
  /** The shop clock: only Date is faked (the database and the server keep their timers). */
  const at = (iso: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  };
  const note = async (url = '/') => /id="whatsapp-hours"[^>]*>([^<]*)</.exec(floatOf(await page(c.t.app, url)) ?? '')?.[1] ?? null;

  it('says when the shop answers, and the cached page goes at the next opening, closing or midnight', async () => {
    at('2026-11-30T08:59:30-03:00'); // a Monday
    expect(await note()).toBe('Respondemos hoje a partir das 9h');
    const key = c.t.app.publicCache.keys().find((k) => k.endsWith('/'));
    expect(key).toBeDefined();
    at('2026-11-30T08:59:59-03:00');
    expect(c.t.app.publicCache.peek(key ?? '')).toBeDefined(); // still the cached page
    expect(await note()).toBe('Respondemos hoje a partir das 9h');
    at('2026-11-30T09:00:00-03:00');
    expect(c.t.app.publicCache.peek(key ?? '')).toBeUndefined(); // expired at the boundary, no write needed
    expect(await note()).toBeNull(); // open: just the button
    expect(floatOf(await page(c.t.app, '/'))).toContain('aria-label="Fale conosco pelo WhatsApp"');
    at('2026-11-30T18:00:00-03:00');
    expect(await note()).toBe('Respondemos amanhã a partir das 9h');
    at('2026-12-05T13:00:00-03:00'); // Saturday afternoon
    expect(await note('/produto/caneca-cafe')).toBe('Respondemos a partir de segunda-feira, 9h');
    at('2026-12-06T10:00:00-03:00'); // Sunday
    expect(await note('/produto/caneca-cafe')).toBe('Respondemos amanhã a partir das 9h');
  });

  it('reads the hours in the shop time zone', async () => {
    vi.useRealTimers();
    await save({ time_zone: 'America/Manaus' });
    at('2026-11-30T12:30:00Z'); // 9h30 in São Paulo, 8h30 in Manaus
    expect(await note()).toBe('Respondemos hoje a partir das 9h');
    vi.useRealTimers();
    await save({ time_zone: 'America/Sao_Paulo' });
    at('2026-11-30T12:30:00Z');
    expect(await note()).toBeNull();
  });

  it('gives the cached tRPC read of the status the same deadline', async () => {
    at('2026-11-30T17:59:00-03:00');
    const read = async () => (await c.t.app.inject({ method: 'GET', url: '/trpc/whatsapp.status' })).json().result.data;
    expect(await read()).toEqual({ open: true, next: null, until: Date.parse('2026-11-30T18:00:00-03:00') });
    at('2026-11-30T18:00:00-03:00');
    expect(await read()).toMatchObject({ open: false, next: { weekday: 2, minutes: 540, inDays: 1 } });
  });
});
