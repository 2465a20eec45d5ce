import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_COLOR_MESSAGE } from '../../shared/css-color.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Colours are colours (issue 15 item 6): every colour setting (and a top header's colours) takes
 * hex, rgb()/rgba()/hsl()/hsla() with numbers, a CSS colour name, or 'default' where the theme has
 * one; anything else is refused with one message, through tRPC and the legacy `.php` alike, and
 * nothing of that request is saved. A value stored before the rule never reaches a page.
 */
let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const INJECTION = 'red;background-image:url(https://evil.example/x.png)';
const publicSettings = () => c.trpcQuery('settings.get');

describe('colour settings', () => {
  it('refuses CSS smuggled through footer_bg_color over tRPC, naming the field, and saves nothing', async () => {
    const res = await c.trpcMutation('settings.update', { site_title: 'Nao salva', footer_bg_color: INJECTION });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(INVALID_COLOR_MESSAGE);
    expect(res.json().error.data.field).toBe('footer_bg_color');
    expect(await publicSettings()).toMatchObject({ site_title: 'Minha Loja', footer_bg_color: '#1a1a1a' });
  });

  it('refuses it through the legacy settings/update.php, JSON or multipart, and saves nothing', async () => {
    const json = await c.post('/settings/update.php', { site_title: 'Nao salva', footer_bg_color: INJECTION });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe(INVALID_COLOR_MESSAGE);
    const form = await c.postForm('/settings/update.php', { shopify_button_color: '#fff" onload="x', header_text_color: 'url(x)' });
    expect(form.statusCode).toBe(400);
    expect(form.json().error).toBe(INVALID_COLOR_MESSAGE);
    expect(await publicSettings()).toMatchObject({ site_title: 'Minha Loja', footer_bg_color: '#1a1a1a', shopify_button_color: '#C8461A' });
  });

  it.each(['expression(alert(1))', 'rgb(1,2,3);color:red', 'var(--x)', '#12345', '', 'default'])(
    'refuses %j for footer_text_color',
    async (value) => {
      const res = await c.trpcMutation('settings.update', { footer_text_color: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(INVALID_COLOR_MESSAGE);
    },
  );

  it('accepts hex, rgb()/rgba()/hsl()/hsla(), colour names, and default for header colours', async () => {
    const good = {
      footer_bg_color: '#abc',
      footer_text_color: '#ffffff80',
      shipping_bg_color: 'rgb(10, 20, 30)',
      shipping_text_color: 'rgba(10 20 30 / 50%)',
      shipping_icon_color: 'hsl(24,95%,53%)',
      view_more_button_bg_color: 'hsla(24deg, 95%, 53%, 0.5)',
      view_more_button_text_color: 'White',
      header_bg_color: 'default',
      header_text_color: ' navy ',
    };
    const res = await c.trpcMutation('settings.update', good);
    expect(res.statusCode).toBe(200);
    expect(await publicSettings()).toMatchObject({ ...good, header_text_color: 'navy' });
  });

  it('a bad colour stored before the rule reads as its default on the storefront, not in a style attribute', async () => {
    await c.sql(`update settings set footer_bg_color = ?`, [INJECTION]);
    expect((await publicSettings()).footer_bg_color).toBe('#1a1a1a');
    const page = await c.get('/');
    expect(page.body).not.toContain('evil.example');
    await c.sql(`update settings set footer_bg_color = '#1a1a1a'`);
  });
});

describe('top header colours', () => {
  it('refuses a non-colour through tRPC and the legacy API, and keeps a blank as the default', async () => {
    const legacy = await c.post('/api/top_headers/create.php', { text: 'Frete grátis', bg_color: INJECTION });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json().error).toBe(`bg_color: ${INVALID_COLOR_MESSAGE}`);
    const trpc = await c.trpcMutation('topHeaders.create', { text: 'Frete grátis', text_color: 'url(https://evil.example/x.png)' });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.message).toBe(INVALID_COLOR_MESSAGE);
    const ok = await c.post('/api/top_headers/create.php', { text: 'Frete grátis', bg_color: '', text_color: 'rgb(255,255,255)' });
    expect(ok.statusCode).toBe(200);
    const rows = (await c.get('/api/top_headers/list.php')).json() as { text: string; bg_color: string }[];
    expect(rows.filter((r) => r.text === 'Frete grátis')).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('evil.example');
  });
});
