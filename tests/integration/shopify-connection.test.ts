import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { effectiveShopify } from '../../src/settings/settings.service.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * The Shopify connection the storefront gets (spec §1): the settings' domain and public token, or
 * SHOPIFY_DOMAIN / SHOPIFY_STOREFRONT_TOKEN while the settings leave both empty; the admin forms
 * see what is stored.
 */
const ENV = { SHOPIFY_DOMAIN: 'env-shop.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 'env-token' };
const shop = { shopifyDomain: ENV.SHOPIFY_DOMAIN, shopifyToken: ENV.SHOPIFY_STOREFRONT_TOKEN };

describe('SHOPIFY_DOMAIN / SHOPIFY_STOREFRONT_TOKEN', () => {
  const fails = (env: Record<string, string>, variable: string) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  };

  it('go together and must look like a host name and a token', () => {
    fails({ SHOPIFY_DOMAIN: 'loja.myshopify.com' }, 'SHOPIFY_STOREFRONT_TOKEN');
    fails({ SHOPIFY_STOREFRONT_TOKEN: 'tok' }, 'SHOPIFY_DOMAIN');
    fails({ SHOPIFY_DOMAIN: 'not a shop', SHOPIFY_STOREFRONT_TOKEN: 'tok' }, 'SHOPIFY_DOMAIN');
    fails({ SHOPIFY_DOMAIN: 'loja.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 'has spaces' }, 'SHOPIFY_STOREFRONT_TOKEN');
  });

  it('accept a pasted shop URL as its host name, and are optional', () => {
    const c = loadConfig({ SHOPIFY_DOMAIN: 'https://Loja.MyShopify.com/admin', SHOPIFY_STOREFRONT_TOKEN: ' tok ' });
    expect(c.shopify).toEqual({ domain: 'loja.myshopify.com', token: 'tok' });
    expect(loadConfig({}).shopify).toEqual({ domain: '', token: '' });
  });
});

describe('effective connection', () => {
  it('uses the settings pair when set, normalised; the environment only while both are empty', () => {
    expect(effectiveShopify({ shopify_domain: '', shopify_token: '' }, shop)).toEqual({
      shopify_domain: ENV.SHOPIFY_DOMAIN,
      shopify_token: ENV.SHOPIFY_STOREFRONT_TOKEN,
    });
    expect(effectiveShopify({ shopify_domain: 'https://Minha.myshopify.com/', shopify_token: ' t ' }, shop)).toEqual({
      shopify_domain: 'minha.myshopify.com',
      shopify_token: 't',
    });
    // Half a pair is no shop (never mixed with the environment's other half).
    expect(effectiveShopify({ shopify_domain: 'minha.myshopify.com', shopify_token: '' }, shop)).toEqual({
      shopify_domain: 'minha.myshopify.com',
      shopify_token: '',
    });
    // A domain that is not a host name is no shop: the storefront shows its unavailable state.
    expect(effectiveShopify({ shopify_domain: 'minha loja', shopify_token: 't' }, shop).shopify_domain).toBe('');
  });
});

describe('settings reads', () => {
  let c: AdminApi;
  beforeAll(async () => {
    c = await adminApi(await createTestApp(ENV));
  });
  afterAll(async () => {
    await c.t.close();
  });
  const publicSettings = async () => (await c.get('/settings/get.php')).json();
  const trpcPublic = () => c.trpcQuery('settings.get');
  const adminSettings = async () =>
    (await c.t.app.inject({ method: 'GET', url: '/trpc/settings.admin', headers: { cookie: c.cookie } })).json().result.data;

  it('give the storefront the environment pair while the settings are empty, and the admin the stored values', async () => {
    expect(await publicSettings()).toMatchObject({ shopify_domain: ENV.SHOPIFY_DOMAIN, shopify_token: ENV.SHOPIFY_STOREFRONT_TOKEN });
    expect(await trpcPublic()).toMatchObject({ shopify_domain: ENV.SHOPIFY_DOMAIN, shopify_token: ENV.SHOPIFY_STOREFRONT_TOKEN });
    expect(await adminSettings()).toMatchObject({ shopify_domain: '', shopify_token: '' });
  });

  it('give the storefront the settings pair once the owner saves one', async () => {
    const res = await c.post('/settings/update.php', { shopify_domain: 'https://Dona.myshopify.com/', shopify_token: 'dona-token' });
    expect(res.statusCode).toBe(200);
    expect(await publicSettings()).toMatchObject({ shopify_domain: 'dona.myshopify.com', shopify_token: 'dona-token' });
    expect(await trpcPublic()).toMatchObject({ shopify_domain: 'dona.myshopify.com', shopify_token: 'dona-token' });
    expect(await adminSettings()).toMatchObject({ shopify_domain: 'https://Dona.myshopify.com/', shopify_token: 'dona-token' });
  });
});
