import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import type { HomeDto, ProductDto } from '../../shared/catalog.ts';
import { LEGAL_PAGES } from '../../shared/legal-pages.ts';
import type { ReviewListDto } from '../../shared/reviews.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { image } from '../helpers/images.ts';
import { createDemoTestApp, createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Search engines and link previews: head tags, JSON-LD, sitemap.xml and robots.txt. */
let t: TestApp;
let api: AdminApi;
let home: HomeDto;
const ORIGIN = 'http://shop.test:8080';

beforeAll(async () => {
  t = await createDemoTestApp();
  api = await adminApi(t);
  home = await api.trpcQuery('catalog.home');
});
afterAll(async () => {
  await t.close();
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'shop.test:8080', ...headers } });

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The content of `<meta property|name="key">`, unescaped, or undefined. */
const meta = (html: string, key: string) => {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return m?.[1] === undefined ? undefined : unescapeHtml(m[1]);
};
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const titleOf = (html: string) => unescapeHtml(/<title>(.*?)<\/title>/.exec(html)?.[1] ?? '');
type Ld = Record<string, unknown> & { '@type': string };
const jsonLd = (html: string): Ld[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1] ?? 'null') as Ld);
const ldOf = (html: string, type: string) => jsonLd(html).find((d) => d['@type'] === type);

const isAbsolute = (u: unknown) => typeof u === 'string' && /^https?:\/\/[^/]+\//.test(u);

/** The schema.org Product rules Google's rich results check: the fields we promise, their types. */
function expectValidProduct(ld: Ld, p: ProductDto, url: string) {
  expect(ld['@context']).toBe('https://schema.org');
  expect(ld.name).toBe(p.title);
  expect(Array.isArray(ld.image) && (ld.image as unknown[]).every(isAbsolute)).toBe(true);
  expect(ld.url).toBe(url);
  const offer = ld.offers as Record<string, unknown>;
  expect(offer['@type']).toBe('Offer');
  expect(offer.price).toBe(p.price);
  expect(offer.price).toMatch(/^\d+\.\d{2}$/);
  expect(offer.priceCurrency).toBe('BRL');
  expect(offer.availability).toBe('https://schema.org/InStock');
  expect(offer.url).toBe(url);
}

async function createProduct(title: string, extra: Record<string, string> = {}, withImage = false): Promise<ProductDto> {
  const files = withImage ? [{ field: 'image', name: 'wide.png', data: await image('png', '#336699', { width: 640, height: 480 }) }] : [];
  const res = await api.postForm('/api/products/create.php', { title, price: '59,90', ...extra }, files);
  expect(res.statusCode).toBe(200);
  return api.trpcQuery('catalog.product', { id: res.json().id });
}

describe('product page head', () => {
  it('carries Open Graph, price, canonical, Twitter and a valid Product + BreadcrumbList JSON-LD', async () => {
    const p: ProductDto = await api.trpcQuery('catalog.product', { id: home.featured[0]?.id });
    const reviews: ReviewListDto = await api.trpcQuery('reviews.list', { product_id: p.id });
    expect(reviews.stats.total).toBeGreaterThan(0);
    const res = await page(`/produto/${p.slug}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const url = `${ORIGIN}/produto/${p.slug}`;
    expect(canonical(html)).toBe(url);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:title')).toBe(p.title);
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:site_name')).toBe('Minha Loja');
    expect(meta(html, 'og:locale')).toBe('pt_BR');
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}${p.images[0]}`);
    // The demo images are 800×800, read from the file.
    expect(meta(html, 'og:image:width')).toBe('800');
    expect(meta(html, 'og:image:height')).toBe('800');
    expect(meta(html, 'product:price:amount')).toBe(p.price);
    expect(meta(html, 'product:price:currency')).toBe('BRL');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(`${ORIGIN}${p.images[0]}`);
    expect(meta(html, 'description')).toBeTruthy();
    expect(meta(html, 'robots')).toBeUndefined();

    const product = ldOf(html, 'Product');
    if (!product) throw new Error('no Product JSON-LD');
    expectValidProduct(product, p, url);
    expect(product.image).toEqual(p.images.map((i) => `${ORIGIN}${i}`));
    expect(product.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: reviews.stats.average,
      reviewCount: reviews.stats.total,
      bestRating: 5,
      worstRating: 1,
    });
    const quoted = product.review as { author: { name: string }; reviewRating: { ratingValue: number } }[];
    expect(quoted.length).toBe(Math.min(3, reviews.stats.total));
    expect(quoted[0]?.author.name).toBe(reviews.reviews[0]?.reviewer_name);
    expect(quoted[0]?.reviewRating.ratingValue).toBe(reviews.reviews[0]?.rating);

    const crumbs = ldOf(html, 'BreadcrumbList')?.itemListElement as { position: number; name: string; item: string }[];
    expect(crumbs).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Início', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: p.title, item: url },
    ]);
  });

  it('a product without reviews has no rating; a non-square upload reports its real size', async () => {
    const p = await createProduct('Caneca Sem Avaliação', { description: 'Cerâmica.' }, true);
    const html = (await page(`/produto/${p.slug}`)).body;
    const ld = ldOf(html, 'Product');
    if (!ld) throw new Error('no Product JSON-LD');
    expectValidProduct(ld, p, `${ORIGIN}/produto/${p.slug}`);
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('review');
    expect(meta(html, 'og:image:width')).toBe('640');
    expect(meta(html, 'og:image:height')).toBe('480');
    expect(meta(html, 'description')).toBe('Cerâmica.');
  });

  it('an http image is used as is, without a size; no image means a small card and no og:image', async () => {
    const external = await createProduct('Quadro Externo');
    await api.sql('update products set image_url = ? where id = ?', ['https://cdn.example.com/quadro.jpg', external.id]);
    const html = (await page(`/produto/${external.slug}`)).body;
    expect(meta(html, 'og:image')).toBe('https://cdn.example.com/quadro.jpg');
    expect(meta(html, 'og:image:width')).toBeUndefined();
    expect(ldOf(html, 'Product')?.image).toEqual(['https://cdn.example.com/quadro.jpg']);

    const bare = await createProduct('Produto Sem Foto');
    const html2 = (await page(`/produto/${bare.slug}`)).body;
    expect(meta(html2, 'og:image')).toBeUndefined();
    expect(meta(html2, 'twitter:card')).toBe('summary');
    expect(ldOf(html2, 'Product')).not.toHaveProperty('image');
  });

  it('escapes data in attributes and inside the JSON-LD script', async () => {
    const title = 'Vaso "Grande" <b>&</b> </script><script>alert(1)</script>';
    const p = await createProduct(title, { description: 'Texto </script><img src=x onerror=alert(2)>' });
    const html = (await page(`/produto/${p.slug}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(meta(html, 'og:title')).toBe(title);
    expect(ldOf(html, 'Product')?.name).toBe(title);
    expect(ldOf(html, 'Product')?.description).toBe('Texto </script><img src=x onerror=alert(2)>');
  });
});

describe('collection and home heads', () => {
  it('a collection page has its canonical URL and a BreadcrumbList', async () => {
    const s = home.sections[0];
    if (!s) throw new Error('no section');
    const html = (await page(`/colecao/${s.collection.slug}`)).body;
    const url = `${ORIGIN}/colecao/${s.collection.slug}`;
    expect(canonical(html)).toBe(url);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:title')).toBe(s.collection.name);
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}${s.products[0]?.image_url}`);
    expect(ldOf(html, 'BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Início', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: s.collection.name, item: url },
    ]);
    expect(ldOf(html, 'Product')).toBeUndefined();
  });

  it('the home has Organization and WebSite', async () => {
    const html = (await page('/')).body;
    expect(canonical(html)).toBe(`${ORIGIN}/`);
    expect(ldOf(html, 'Organization')).toMatchObject({ '@context': 'https://schema.org', name: 'Minha Loja', url: `${ORIGIN}/` });
    expect(ldOf(html, 'WebSite')).toMatchObject({ name: 'Minha Loja', url: `${ORIGIN}/`, inLanguage: 'pt-BR' });
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:description')).toBe('Sua loja online');
    const banners: { image_url: string }[] = await api.trpcQuery('content.banners');
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}${banners[0]?.image_url}`);
  });
});

describe('not found', () => {
  it.each([
    ['/produto/nao-existe', 'Produto não encontrado | Minha Loja'],
    ['/colecao/nada', 'Coleção não encontrada | Minha Loja'],
    ['/qualquer/coisa', 'Página não encontrada | Minha Loja'],
  ])('%s answers 404, noindex and a not-found title', async (url, title) => {
    const res = await page(url);
    expect(res.statusCode).toBe(404);
    expect(titleOf(res.body)).toBe(title);
    expect(meta(res.body, 'robots')).toBe('noindex');
    expect(canonical(res.body)).toBeUndefined();
    expect(meta(res.body, 'og:title')).toBeUndefined();
    expect(jsonLd(res.body)).toEqual([]);
  });
});

/** The sitemap's URLs and lastmods, after a well-formedness check of the document. */
function parseSitemap(xml: string): { loc: string; lastmod: string }[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
  const stack: string[] = [];
  for (const [, close, name] of xml.replace(/^<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([a-z]+)[^>]*>/g)) {
    if (close) expect(stack.pop()).toBe(name);
    else stack.push(name ?? '');
  }
  expect(stack).toEqual([]);
  expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  return [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map((m) => ({
    loc: m[1] ?? '',
    lastmod: m[2] ?? '',
  }));
}

describe('sitemap.xml and robots.txt', () => {
  it('lists home, the legal pages, the featured listing, the active collections with products and every product, each with lastmod', async () => {
    const collections: { id: number; slug: string; active: boolean }[] = (await api.get('/api/collections/list.php')).json();
    const hidden = collections.find((c) => c.active);
    if (!hidden) throw new Error('no collection');
    expect((await api.post('/api/collections/update.php', { id: hidden.id, active: 0 })).statusCode).toBe(200);
    const products: ProductDto[] = await api.trpcQuery('catalog.products', { limit: 100 });

    const res = await page('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = parseSitemap(res.body);
    const locs = urls.map((u) => u.loc);
    const active = collections.filter((c) => c.active && c.id !== hidden.id && products.some((p) => p.collection_id === c.id));
    const featured = products.some((p) => p.collection_id === null);
    expect(featured).toBe(true);
    expect(locs[0]).toBe(`${ORIGIN}/`);
    expect(locs.sort()).toEqual(
      [
        `${ORIGIN}/`,
        ...LEGAL_PAGES.map((slug) => `${ORIGIN}/${slug}`),
        `${ORIGIN}/destaques`,
        ...active.map((c) => `${ORIGIN}/colecao/${c.slug}`),
        ...products.map((p) => `${ORIGIN}/produto/${p.slug}`),
      ].sort(),
    );
    expect(locs).not.toContain(`${ORIGIN}/colecao/${hidden.slug}`);
    for (const u of urls) expect(new Date(u.lastmod).toISOString()).toBe(u.lastmod);
    await api.post('/api/collections/update.php', { id: hidden.id, active: 1 });
  });

  it('a product edit moves its lastmod forward', async () => {
    const p = home.featured[1] as HomeDto['featured'][number];
    const lastmod = async () =>
      parseSitemap((await page('/sitemap.xml')).body).find((u) => u.loc === `${ORIGIN}/produto/${p.slug}`)?.lastmod ?? '';
    const before = await lastmod();
    await new Promise((r) => setTimeout(r, 10));
    expect((await api.postForm('/api/products/update.php', { id: p.id, description: 'Nova descrição' })).statusCode).toBe(200);
    expect(await lastmod()).not.toBe('');
    expect(new Date(await lastmod()).getTime()).toBeGreaterThan(new Date(before).getTime());
  });

  it('past the cap, sitemap.xml is an index of files of at most that many URLs, listing everything once', {
    timeout: 120_000,
  }, async () => {
    const small = await createTestApp({ SITEMAP_MAX_URLS: '3', PUBLIC_URL: ORIGIN });
    const admin = await adminApi(small);
    try {
      const vestidos = (await admin.post('/api/collections/create.php', { name: 'Vestidos' })).json().id as number;
      // An empty collection is not listed: its page only says it has no products.
      await admin.post('/api/collections/create.php', { name: 'Vazia' });
      for (const title of ['Saia', 'Blusa', 'Calça'])
        await admin.postForm('/api/products/create.php', { title, price: '10', collection_id: String(vestidos) });
      // Without a collection: featured (the home and /destaques).
      for (const title of ['Bolsa', 'Cinto']) await admin.postForm('/api/products/create.php', { title, price: '10' });
      const index = await small.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const files = [...index.body.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1] ?? '');
      // Home, 3 legal pages, /destaques, 1 collection, 5 products: 11 URLs in files of 3 (the legal pages span the first two).
      expect(files).toEqual([1, 2, 3, 4].map((n) => `${ORIGIN}/sitemap-${n}.xml`));
      const all: string[] = [];
      for (const file of files) {
        const res = await small.app.inject({ method: 'GET', url: new URL(file).pathname });
        expect(res.statusCode).toBe(200);
        const urls = parseSitemap(res.body);
        expect(urls.length).toBeLessThanOrEqual(3);
        all.push(...urls.map((u) => u.loc));
      }
      expect(all[0]).toBe(`${ORIGIN}/`);
      expect(all.slice(1, 4)).toEqual(LEGAL_PAGES.map((slug) => `${ORIGIN}/${slug}`));
      expect(all.slice(4, 6)).toEqual([`${ORIGIN}/destaques`, `${ORIGIN}/colecao/vestidos`]);
      expect(all).toHaveLength(11);
      expect(all.slice(6).sort()).toEqual(['blusa', 'bolsa', 'calca', 'cinto', 'saia'].map((s) => `${ORIGIN}/produto/${s}`));
      expect((await small.app.inject({ method: 'GET', url: '/sitemap-5.xml' })).statusCode).toBe(404);
      expect((await small.app.inject({ method: 'GET', url: '/sitemap-0.xml' })).statusCode).toBe(404);
    } finally {
      await small.close();
    }
  });

  it('robots.txt keeps crawlers out of the admin and the APIs and names the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /admin', 'Disallow: /api/', 'Disallow: /trpc/']));
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('a locked store', () => {
  it('serves no catalogue in the head, and a sitemap with only the home (even to an admin)', async () => {
    expect((await api.postForm('/settings/update.php', { store_locked: 1, store_unlock_password: 'abre-te' })).statusCode).toBe(200);
    try {
      const p = home.featured[0] as HomeDto['featured'][number];
      for (const url of ['/', `/produto/${p.slug}`, `/colecao/${home.sections[0]?.collection.slug}`]) {
        const html = (await page(url)).body;
        expect(titleOf(html)).toBe('Minha Loja');
        expect(jsonLd(html)).toEqual([]);
        expect(html).not.toMatch(/<meta property="(og|product):/);
        expect(html).not.toContain('<link rel="canonical"');
        expect(html).not.toContain(p.title);
        expect(html).not.toContain('Sua loja online');
      }
      for (const headers of [{}, { cookie: api.cookie }] as Record<string, string>[]) {
        const urls = parseSitemap((await page('/sitemap.xml', headers)).body);
        expect(urls.map((u) => u.loc)).toEqual([`${ORIGIN}/`]);
      }
      // The admin reaches the store, so the page (and its head) is the real one.
      const asAdmin = (await page(`/produto/${p.slug}`, { cookie: api.cookie })).body;
      expect(ldOf(asAdmin, 'Product')?.name).toBe(p.title);
    } finally {
      await api.postForm('/settings/update.php', { store_locked: 0 });
    }
  });
});

describe('absolute URLs', () => {
  it('come from the request host; X-Forwarded-* is ignored without TRUST_PROXY', async () => {
    const html = (await page('/', { 'x-forwarded-host': 'outra.example', 'x-forwarded-proto': 'https' })).body;
    expect(canonical(html)).toBe(`${ORIGIN}/`);
    const bad = (await page('/robots.txt', { host: 'evil"><script>' })).body;
    expect(bad).toContain('Sitemap: http://localhost/sitemap.xml');
  });

  it('honour X-Forwarded-Host/Proto behind a trusted proxy, and PUBLIC_URL wins over both', async () => {
    const forwarded = { host: 'interno:3000', 'x-forwarded-host': 'loja.example.com', 'x-forwarded-proto': 'https' };
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    const configured = await createTestApp({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://www.minhaloja.com.br/' });
    try {
      const viaProxy = await proxied.app.inject({ method: 'GET', url: '/', headers: forwarded });
      expect(canonical(viaProxy.body)).toBe('https://loja.example.com/');
      // The default port is dropped.
      const direct = await proxied.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'Loja.Example.com:80' } });
      expect(direct.body).toContain('Sitemap: http://loja.example.com/sitemap.xml');
      const robots = await configured.app.inject({ method: 'GET', url: '/robots.txt', headers: forwarded });
      expect(robots.body).toContain('Sitemap: https://www.minhaloja.com.br/sitemap.xml');
      const viaConfig = await configured.app.inject({ method: 'GET', url: '/', headers: forwarded });
      expect(canonical(viaConfig.body)).toBe('https://www.minhaloja.com.br/');
      expect(parseSitemap((await configured.app.inject({ method: 'GET', url: '/sitemap.xml' })).body)[0]?.loc).toBe(
        'https://www.minhaloja.com.br/',
      );
    } finally {
      await Promise.all([proxied.close(), configured.close()]);
    }
  });

  it('a forged X-Forwarded-Host never reaches a page: ALLOWED_HOSTS pins it; without it shared caches vary on it', async () => {
    const forged = { host: 'interno:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const pinned = await createTestApp({ TRUST_PROXY: 'true', ALLOWED_HOSTS: 'loja.example.com, www.loja.example.com' });
    const open = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const evil = await pinned.app.inject({ method: 'GET', url: '/', headers: forged });
      expect(canonical(evil.body)).toBe('https://loja.example.com/');
      expect(evil.body).not.toContain('evil.example');
      expect(evil.headers.vary).toBe('Accept-Encoding');
      const robots = await pinned.app.inject({ method: 'GET', url: '/robots.txt', headers: forged });
      expect(robots.body).toContain('Sitemap: https://loja.example.com/sitemap.xml');
      // A listed host (any case, default port) is kept.
      const www = { ...forged, 'x-forwarded-host': 'WWW.loja.example.com:443' };
      expect(canonical((await pinned.app.inject({ method: 'GET', url: '/', headers: www })).body)).toBe('https://www.loja.example.com/');
      // Neither PUBLIC_URL nor ALLOWED_HOSTS: the page follows the header, so shared caches must key on it.
      for (const round of ['miss', 'hit']) {
        const res = await open.app.inject({ method: 'GET', url: '/', headers: forged });
        expect(res.headers.vary, round).toBe('Accept-Encoding, X-Forwarded-Host, X-Forwarded-Proto');
      }
      // Reads do not depend on the host.
      expect((await open.app.inject({ method: 'GET', url: '/api/products/list.php', headers: forged })).headers.vary).toBe(
        'Accept-Encoding',
      );
      expect(() => loadConfig({ ALLOWED_HOSTS: 'loja.com.br, https://x' })).toThrow(ConfigError);
    } finally {
      await Promise.all([pinned.close(), open.close()]);
    }
  });

  it('PUBLIC_URL is validated: an http(s) origin only', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://loja.com.br/' }).publicUrl).toBe('https://loja.com.br');
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrl).toBeNull();
    expect(loadConfig({}).publicUrl).toBeNull();
    for (const bad of ['loja.com.br', 'ftp://loja.com.br', 'https://loja.com.br/loja', 'https://loja.com.br/?a=1']) {
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(/PUBLIC_URL/);
    }
  });
});
