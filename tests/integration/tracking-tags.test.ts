import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeTagId, type TagKey } from '../../shared/tracking-tags.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Analytics and ads tags (issue 18, part 4): the owner's Google Analytics 4, Meta Pixel and TikTok
 * Pixel ids are checked on the server (tRPC and the legacy settings/update.php alike: a malformed
 * id gets its Portuguese message and nothing of the request is saved); the page policy names a
 * tag's hosts only while its id is set (fresh renders and cache hits alike); the page carries the
 * consent banner and its script only then.
 */
let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const MESSAGES = {
  ga4: 'ID do Google Analytics inválido: use o ID da métrica do GA4, no formato G-XXXXXXXXXX',
  meta: 'ID do Meta Pixel inválido: use só os números do ID do pixel (ex.: 123456789012345)',
  tiktok: 'ID do TikTok Pixel inválido: use o código do pixel, com letras e números (ex.: C4ABCDEFGH1234567890)',
};
const IDS = { ga4_measurement_id: 'G-ABC123XYZ9', meta_pixel_id: '123456789012345', tiktok_pixel_id: 'C4ABCDEFGH1234567890' };
const NONE = { ga4_measurement_id: '', meta_pixel_id: '', tiktok_pixel_id: '' };

const stored = async () => {
  const s = await c.trpcQuery('settings.get');
  return { title: s.site_title, ga4: s.ga4_measurement_id, meta: s.meta_pixel_id, tiktok: s.tiktok_pixel_id };
};
const DEFAULTS = { title: 'Minha Loja', ga4: '', meta: '', tiktok: '' };
const refusal = (res: { statusCode: number; json: () => { error: { message: string; data: { field: string | null } } } }) => ({
  status: res.statusCode,
  message: res.json().error.message,
  field: res.json().error.data.field,
});

/**
 * The page policy's hash of the one inline script a page with the banner carries (it shows the
 * banner with the page): computed from the page itself, so a policy that would block it fails here.
 */
function revealHash(body: string): string {
  const inline = /<\/section><script>([^<]+)<\/script>/.exec(body)?.[1];
  expect(inline, 'the inline line after the banner').toBeTruthy();
  return `'sha256-${createHash('sha256')
    .update(inline ?? '')
    .digest('base64')}'`;
}

describe('tag id formats (shared/tracking-tags.ts)', () => {
  it.each<[TagKey, string, string | null]>([
    ['ga4_measurement_id', 'G-ABC123XYZ9', 'G-ABC123XYZ9'],
    ['ga4_measurement_id', '  g-abc123xyz9 ', 'G-ABC123XYZ9'],
    ['ga4_measurement_id', '', ''],
    ['ga4_measurement_id', 'UA-12345-1', null],
    ['ga4_measurement_id', 'GTM-ABC123', null],
    ['ga4_measurement_id', 'G-', null],
    ['ga4_measurement_id', 'G-ABC"><script>', null],
    ['meta_pixel_id', '123456789012345', '123456789012345'],
    ['meta_pixel_id', ' 1234567890123456 ', '1234567890123456'],
    ['meta_pixel_id', '12345abc', null],
    ['meta_pixel_id', '1234567', null],
    ['meta_pixel_id', '123 456 789', null],
    ['tiktok_pixel_id', 'C4ABCDEFGH1234567890', 'C4ABCDEFGH1234567890'],
    ['tiktok_pixel_id', 'c4abcdefgh1234567890', 'C4ABCDEFGH1234567890'],
    ['tiktok_pixel_id', 'C4ABC', null],
    ['tiktok_pixel_id', 'C4ABCDEFGH-234567890', null],
  ])('%s %j → %j', (key, raw, expected) => {
    expect(normalizeTagId(key, raw)).toBe(expected);
  });
});

describe('tag ids through tRPC', () => {
  it('start empty', async () => {
    expect(await stored()).toEqual(DEFAULTS);
  });

  it.each([
    [{ ga4_measurement_id: 'UA-12345-1' }, 'ga4_measurement_id', MESSAGES.ga4],
    [{ ga4_measurement_id: 'G-X'.repeat(30) }, 'ga4_measurement_id', MESSAGES.ga4],
    [{ meta_pixel_id: 'fb-123456789' }, 'meta_pixel_id', MESSAGES.meta],
    [{ tiktok_pixel_id: 'curto' }, 'tiktok_pixel_id', MESSAGES.tiktok],
    [{ ...IDS, tiktok_pixel_id: '<script>' }, 'tiktok_pixel_id', MESSAGES.tiktok],
  ])('refuses %j with its message and saves nothing', async (change, field, message) => {
    const res = await c.trpcMutation('settings.update', { site_title: 'Nao salva', ...change });
    expect(refusal(res)).toEqual({ status: 400, message, field });
    expect(await stored()).toEqual(DEFAULTS);
  });

  it('saves valid ids normalised, and empty turns a tag off', async () => {
    const ok = await c.trpcMutation('settings.update', {
      ga4_measurement_id: ' g-abc123xyz9 ',
      meta_pixel_id: IDS.meta_pixel_id,
      tiktok_pixel_id: 'c4abcdefgh1234567890',
    });
    expect(ok.statusCode).toBe(200);
    expect(await stored()).toEqual({ title: 'Minha Loja', ga4: 'G-ABC123XYZ9', meta: IDS.meta_pixel_id, tiktok: IDS.tiktok_pixel_id });
    await c.trpcMutation('settings.update', NONE);
    expect(await stored()).toEqual(DEFAULTS);
  });

  it('the database refuses a malformed id written around the service', async () => {
    await expect(c.sql(`update settings set meta_pixel_id = 'abc' where id = 1`)).rejects.toThrow();
    expect(await stored()).toEqual(DEFAULTS);
  });
});

describe('tag ids through the legacy settings/update.php', () => {
  it('refuses a malformed id as JSON and as multipart, saving nothing', async () => {
    const json = await c.post('/settings/update.php', { site_title: 'Nao salva', ga4_measurement_id: 'G-ok!' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe(MESSAGES.ga4);
    const form = await c.postForm('/settings/update.php', { site_title: 'Nao salva', meta_pixel_id: 'pixel' });
    expect(form.statusCode).toBe(400);
    expect(form.json().error).toBe(MESSAGES.meta);
    expect(await stored()).toEqual(DEFAULTS);
  });

  it('saves a multipart form and get.php returns the ids beside the old fields', async () => {
    expect((await c.postForm('/settings/update.php', { ...IDS })).statusCode).toBe(200);
    const got = (await c.t.app.inject({ method: 'GET', url: '/settings/get.php' })).json();
    expect(got).toMatchObject({ site_title: 'Minha Loja', currency: 'BRL', ...IDS });
    await c.post('/settings/update.php', NONE);
  });
});

/** The CSP header as { directive: sources }. */
const policyOf = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;
const TAG_HOST = /google|facebook|tiktok/;

describe('page policy and banner follow the configured tags', () => {
  it('without tags: no tag host in the policy, no banner, no consent script', async () => {
    for (let i = 0; i < 2; i++) {
      // The second answer is a cache hit (answered before the hooks): the same policy.
      const res = await c.get('/');
      expect(res.headers['content-security-policy']).not.toMatch(TAG_HOST);
      expect(res.body).not.toContain('cookie-consent');
      expect(res.body).not.toMatch(/assets\/consent-/);
    }
  });

  it('GA4 only: Google’s hosts for scripts, requests and images; no pixel host; the banner names analytics only', async () => {
    await c.trpcMutation('settings.update', { ga4_measurement_id: IDS.ga4_measurement_id });
    for (let i = 0; i < 2; i++) {
      const res = await c.get('/');
      const p = policyOf(res.headers['content-security-policy']);
      expect(p['script-src']).toEqual(["'self'", revealHash(res.body), 'https://www.googletagmanager.com']);
      expect(p['connect-src']).toEqual([
        "'self'",
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://www.googletagmanager.com',
      ]);
      expect(p['img-src']).toContain('https://*.google-analytics.com');
      expect(res.headers['content-security-policy']).not.toMatch(/facebook|tiktok/);
      expect(res.body).toMatch(/^<!doctype html><html lang="pt-BR"><head>.*<\/head><body><style>.*<\/style><section id="cookie-consent"/s);
      expect(res.body).toContain('cookies de análise para medir visitas');
      expect(res.body).not.toContain('id="cc-marketing"');
      expect(res.body).toMatch(/<script type="module" async src="\/assets\/consent-[\w-]+\.js"><\/script><\/body>/);
      const tags = JSON.parse(/data-tags="([^"]*)"/.exec(res.body)?.[1]?.replaceAll('&quot;', '"') ?? '[]');
      expect(tags).toEqual([
        {
          key: 'ga4_measurement_id',
          id: 'G-ABC123XYZ9',
          category: 'analytics',
          src: 'https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ9',
        },
      ]);
    }
  });

  it('all three: every vendor’s hosts; clearing them takes the hosts and the banner away again', async () => {
    await c.trpcMutation('settings.update', { ...IDS, locale: 'en' });
    const res = await c.get('/');
    const p = policyOf(res.headers['content-security-policy']);
    expect(p['script-src']).toEqual([
      "'self'",
      revealHash(res.body),
      'https://www.googletagmanager.com',
      'https://connect.facebook.net',
      'https://analytics.tiktok.com',
    ]);
    expect(p['connect-src']).toEqual(expect.arrayContaining(['https://www.facebook.com', 'https://analytics.tiktok.com']));
    expect(p['img-src']).toEqual(expect.arrayContaining(['https://www.facebook.com', 'https://analytics.tiktok.com']));
    expect(p['default-src']).toEqual(["'self'"]);
    // In the shop's language.
    expect(res.body).toContain('>Accept</button>');
    expect(res.body).toContain('(Meta Pixel, TikTok Pixel)');
    await c.trpcMutation('settings.update', { ...NONE, locale: 'pt-BR' });
    const after = await c.get('/');
    expect(after.headers['content-security-policy']).not.toMatch(TAG_HOST);
    expect(after.body).not.toContain('cookie-consent');
  });

  it('a locked store shows its lock screen without banner or tags', async () => {
    await c.postForm('/settings/update.php', { ...IDS, store_locked: '1', store_unlock_password: 'segredo-123' });
    const res = await c.get('/');
    expect(res.body).not.toContain('cookie-consent');
    await c.postForm('/settings/update.php', { ...NONE, store_locked: '0' });
  });
});
