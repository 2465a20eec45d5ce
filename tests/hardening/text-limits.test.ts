import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseInputError, errorBody } from '../../server/plugins/errors.ts';
import { hasControlChars, isSlug, stripInvisibleChars } from '../../shared/text-rules.ts';
import { getProduct } from '../../src/catalog/catalog.service.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { contextFor } from '../helpers/context.ts';
import { dbSnapshot } from '../helpers/db-snapshot.ts';
import { png } from '../helpers/images.ts';
import { createTestApp } from '../helpers/test-app.ts';

let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
});
afterAll(async () => {
  await c.t.close();
});

const RLO = '\u202E';
const ZWSP = '\u200B';
const json = { 'content-type': 'application/json' };
const trpcGet = (path: string, input: unknown) =>
  c.t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` });

describe('the text rules (shared/text-rules.ts)', () => {
  it('finds C0, DEL and C1 controls; multi-line text lets tab and line breaks through', () => {
    for (const ch of ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\u009F']) expect(hasControlChars(`a${ch}b`), ch).toBe(true);
    expect(hasControlChars('a\tb\nc\r\n')).toBe(true);
    expect(hasControlChars('a\tb\nc\r\n', true)).toBe(false);
    expect(hasControlChars('a\u0000b', true)).toBe(true);
    expect(hasControlChars('Camisa Açaí – 100% algodão ✓ 日本')).toBe(false);
  });

  it('drops bidi overrides, isolates and zero-width characters, nothing else', () => {
    const hidden = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200B\u200C\u200D\u2060\uFEFF';
    expect(stripInvisibleChars(`Ca${hidden}misa`)).toBe('Camisa');
    expect(stripInvisibleChars('עברית Açaí \u200E')).toBe('עברית Açaí \u200E');
  });

  it('a slug has 1 to 300 characters and no control character', () => {
    expect(isSlug('camisa-azul')).toBe(true);
    expect(isSlug('a'.repeat(300))).toBe(true);
    expect(isSlug('a'.repeat(301))).toBe(false);
    expect(isSlug('')).toBe(false);
    expect(isSlug('a\u0000b')).toBe(false);
  });
});

describe('NUL bytes never reach the database (issue row 4)', () => {
  it('GET /api/products/get.php?slug=a%00b answers 400 in Portuguese, anonymously', async () => {
    const res = await c.get('/api/products/get.php?slug=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'slug: Caracteres inválidos' });
  });

  it('login with "ow\\u0000ner" answers 400, not 500, and opens no session', async () => {
    const before = await c.count('sessions');
    for (const payload of [
      { username: 'ow\u0000ner', password: 'x' },
      { username: 'owner', password: 'pass\u0000word' },
    ]) {
      const res = await c.t.app.inject({ method: 'POST', url: '/auth/login.php', headers: json, payload: JSON.stringify(payload) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/Caracteres inválidos$/);
      const trpc = await c.t.app.inject({ method: 'POST', url: '/trpc/auth.login', headers: json, payload: JSON.stringify(payload) });
      expect(trpc.statusCode).toBe(400);
      expect(trpc.json().error.message).toBe('Caracteres inválidos');
    }
    expect(await c.count('sessions')).toBe(before);
  });

  it('tRPC catalog.collectionPage, productPage and products refuse a NUL with a Portuguese message', async () => {
    for (const [path, input] of [
      ['catalog.collectionPage', { slug: 'a\u0000b' }],
      ['catalog.productPage', { slug: 'a\u0000b' }],
      ['catalog.products', { q: 'a\u0000b' }],
      ['catalog.product', { slug: 'a\u0000b' }],
    ] as const) {
      const res = await trpcGet(path, input);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.message, path).toBe('Caracteres inválidos');
      expect(res.json().error.data.field, path).toBe(Object.keys(input)[0]);
    }
  });

  it('every admin text field refuses NUL and other controls, multi-line fields keep their line breaks', async () => {
    const before = await dbSnapshot(c.t.db);
    for (const [url, payload] of [
      ['/api/collections/create.php', { name: 'Nova\u0000' }],
      ['/api/top_headers/create.php', { text: 'Frete\u0007 grátis' }],
      ['/api/footer_sections/create.php', { title: 'Ajuda\u0085' }],
      ['/settings/update.php', { site_title: 'Loja\u0000' }],
      ['/settings/update.php', { copyright_text: '© Loja\u0000' }],
      ['/settings/update.php', { primary_color: '#f\u0000ff' }],
      ['/auth/change_password.php', { current: 'x\u0000', new: 'nova-senha' }],
    ] as const) {
      const res = await c.post(url, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatch(/Caracteres inválidos$/);
    }
    const product = await c.postForm('/api/products/create.php', { title: 'Camisa', price: '10', description: 'Linha\u0000' });
    expect(product.statusCode).toBe(400);
    expect(product.json().error).toBe('description: Caracteres inválidos');
    expect(await dbSnapshot(c.t.db)).toBe(before);

    const ok = await c.postForm('/api/products/create.php', { title: 'Camisa', price: '10', description: 'Linha 1\r\nLinha 2\tfim' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().product.description).toBe('Linha 1\r\nLinha 2\tfim');
    const footer = await c.post('/settings/update.php', { copyright_text: '© Loja\nTodos os direitos' });
    expect(footer.json().settings.copyright_text).toBe('© Loja\nTodos os direitos');
  });

  it('PostgreSQL refusing a value answers 400 in the shop format, if one ever slips past the contracts', async () => {
    const err = await getProduct(contextFor(c.t.db), { slug: 'a\u0000b' }).catch((e: unknown) => e);
    expect(databaseInputError(err)?.message).toBe('Caracteres inválidos');
    expect(errorBody(err)).toEqual({ status: 400, body: { error: 'Caracteres inválidos' } });
    const encoding = await c
      .sql("select convert_from('\\xc0'::bytea, 'UTF8')")
      .then(() => null)
      .catch((e: unknown) => e);
    expect(errorBody(encoding).status).toBe(400);
    expect(errorBody(new Error('connection lost')).status).toBe(500);
  });
});

describe('bidi and zero-width characters in names and titles', () => {
  it('are dropped from display names: product title, collection name, banner, top header, footer section and link', async () => {
    const product = await c.postForm('/api/products/create.php', { title: `Cami${RLO}sa${ZWSP} Azul`, price: '10' });
    expect(product.json().product.title).toBe('Camisa Azul');
    expect(product.json().product.slug).toBe('camisa-azul');

    const collection = await c.post('/api/collections/create.php', { name: `${RLO}Ofertas${ZWSP}` });
    expect(collection.json().collection.name).toBe('Ofertas');

    const banner = await c.postForm('/api/banners/create.php', { title: `Pro\u2066mo\u2069` }, [
      { field: 'image', name: `x${RLO}gnp.exe`, data: await png() },
    ]);
    expect(banner.json().banner.title).toBe('Promo');

    const top = await c.post('/api/top_headers/create.php', { text: `${ZWSP} Frete grátis\uFEFF` });
    expect(top.json().top_header.text).toBe('Frete grátis');

    const section = await c.post('/api/footer_sections/create.php', { title: `Aj${RLO}uda` });
    expect(section.json().section.title).toBe('Ajuda');
    const link = await c.post('/api/footer_links/create.php', { section_id: section.json().id, label: `Tro\u200Dcas`, url: '/trocas' });
    expect(link.json().link.label).toBe('Trocas');

    const settings = await c.post('/settings/update.php', { site_title: `Minha${RLO} Loja` });
    expect(settings.json().settings.site_title).toBe('Minha Loja');
  });

  it('the same over tRPC', async () => {
    const res = await c.trpcMutation('collections.create', { name: `Li${RLO}quida${ZWSP}ção` });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.collection.name).toBe('Liquidação');
  });

  it('a gallery file name loses them too', async () => {
    const product = await c.postForm('/api/products/create.php', { title: 'Galeria', price: '1' });
    const id = product.json().id;
    await c.postForm('/api/products/images/bulk_upload.php', { product_id: id }, [
      { field: 'files[]', name: `foto${RLO}gnp.exe`, data: await png() },
    ]);
    const list = await c.get(`/api/products/images/list.php?product_id=${id}`);
    expect(list.json().images.map((i: { file_name: string }) => i.file_name)).toEqual(['fotognp.exe']);
  });

  it('a username with one is refused with the spec code invalid_username, on both transports', async () => {
    const before = await c.count('admin_users');
    const legacy = await c.post('/auth/create_user.php', { username: `maria${RLO}`, password: 'segredo1' });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json()).toEqual({ error: 'invalid_username', message: 'Username inválido (use apenas letras, números e _)' });
    const nul = await c.post('/auth/create_user.php', { username: 'ma\u0000ria', password: 'segredo1' });
    expect(nul.json().error).toBe('invalid_username');
    const trpc = await c.trpcMutation('auth.createUser', { username: `ma${ZWSP}ria`, password: 'segredo1' });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.appCode).toBe('invalid_username');
    expect(await c.count('admin_users')).toBe(before);
  });
});

describe('slugs are bounded everywhere', () => {
  it('a query parameter or procedure input over 300 characters is refused with 400', async () => {
    const long = 'a'.repeat(301);
    expect((await c.get(`/api/products/get.php?slug=${long}`)).statusCode).toBe(400);
    expect((await trpcGet('catalog.productPage', { slug: long })).statusCode).toBe(400);
    expect((await trpcGet('catalog.collectionPage', { slug: long })).statusCode).toBe(400);
    expect((await c.get(`/api/products/get.php?slug=${'a'.repeat(300)}`)).statusCode).toBe(404);
  });

  it('an id over 32 bits is refused instead of reaching the database', async () => {
    const res = await c.get('/api/products/get.php?id=99999999999');
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });
});
