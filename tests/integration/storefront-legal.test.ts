import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_TEXT_MESSAGES } from '../../shared/legal-text.ts';
import { type AdminApi, adminApi } from '../helpers/api.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * The law's information on the server-rendered storefront (issue 18 part 3): the footer block and
 * the Organization JSON-LD, the three legal pages filled with the shop's data and the owner's
 * edits, the free-shipping line on and off; every change visible on the very next request
 * (pages are cached and dropped by the settings trigger).
 */
let c: AdminApi;
beforeAll(async () => {
  c = await adminApi(await createTestApp());
  await c.sql("insert into products (title, slug, price) values ('Caneca', 'caneca', 79.90), ('Cadeira', 'cadeira', 249.00)");
  // The footer's default links as a seeded shop has them.
  await c.sql("insert into footer_sections (id, title) values (90, 'Políticas')");
  await c.sql(`insert into footer_links (section_id, label, url) values
    (90, 'Política de trocas', '/trocas-e-devolucoes'), (90, 'Política de privacidade', '/politica-de-privacidade'), (90, 'Termos de uso', '/termos-de-uso')`);
});
afterAll(async () => {
  await c.t.close();
});

const page = async (url: string) => {
  const res = await c.t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body.replace(/<!-- -->/g, '').replace(/&nbsp;|\u00a0/g, ' ');
};
/** The visible text of the footer's legal block. */
const legalBlock = (html: string) =>
  /<address[^>]*data-testid="legal-info"[^>]*>(.*?)<\/address>/s
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&') ?? null;
type Ld = Record<string, unknown> & { '@type': string };
const organization = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .map((m) => JSON.parse(m[1] ?? 'null') as Ld)
    .find((d) => d['@type'] === 'Organization');
const save = async (change: object) => expect((await c.trpcMutation('settings.update', change)).statusCode).toBe(200);

const COMPANY = {
  legal_name: 'Loja Exemplo Comércio Ltda',
  legal_tax_id: '11222333000181',
  legal_street: 'Av. Paulista, 1000, sala 12',
  legal_district: 'Bela Vista',
  legal_city: 'São Paulo',
  legal_state: 'SP',
  legal_postal_code: '01310-100',
  legal_email: 'contato@lojaexemplo.com.br',
  legal_phone: '(11) 98765-4321',
};

describe('footer and Organization JSON-LD', () => {
  it('show nothing of it while the owner has given nothing; the JSON-LD keeps name and url', async () => {
    const html = await page('/');
    expect(legalBlock(html)).toBeNull();
    expect(organization(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Minha Loja',
      url: 'http://localhost/',
    });
  });

  it('show the name, the formatted CNPJ, the address, e-mail and phone once given, on every page', async () => {
    await save(COMPANY);
    for (const url of ['/', '/produto/caneca', '/termos-de-uso']) {
      const html = await page(url);
      expect(legalBlock(html), url).toBe(
        'Loja Exemplo Comércio Ltda · CNPJ 11.222.333/0001-81' +
          'Av. Paulista, 1000, sala 12 – Bela Vista, São Paulo – SP, CEP 01310-100' +
          'E-mail: contato@lojaexemplo.com.br · Telefone: (11) 98765-4321',
      );
      expect(html).toContain('href="mailto:contato@lojaexemplo.com.br"');
      expect(html).toContain('href="tel:+5511987654321"');
    }
    expect(organization(await page('/'))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Minha Loja',
      url: 'http://localhost/',
      legalName: 'Loja Exemplo Comércio Ltda',
      taxID: '11.222.333/0001-81',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Av. Paulista, 1000, sala 12 – Bela Vista',
        addressLocality: 'São Paulo',
        addressRegion: 'SP',
        postalCode: '01310-100',
        addressCountry: 'BR',
      },
      email: 'contato@lojaexemplo.com.br',
      telephone: '+5511987654321',
    });
  });

  it('shows a CPF for a person, and stays under an image footer (the law wants it visible)', async () => {
    await save({ legal_name: 'Maria da Silva', legal_tax_id: '529.982.247-25' });
    await c.sql("update settings set footer_use_image = true, footer_image_url = '/uploads/rodape.jpg'");
    const html = await page('/');
    expect(legalBlock(html)).toContain('Maria da Silva · CPF 529.982.247-25');
    expect(organization(html)).toMatchObject({ legalName: 'Maria da Silva', taxID: '529.982.247-25' });
    await c.sql("update settings set footer_use_image = false, footer_image_url = ''");
    await save({ legal_name: COMPANY.legal_name, legal_tax_id: COMPANY.legal_tax_id });
  });

  it('links the three pages from the footer default links', async () => {
    const html = await page('/');
    for (const [href, label] of [
      ['/trocas-e-devolucoes', 'Política de trocas'],
      ['/politica-de-privacidade', 'Política de privacidade'],
      ['/termos-de-uso', 'Termos de uso'],
    ])
      expect(html).toMatch(new RegExp(`<a href="${href}"[^>]*>${label}</a>`));
  });
});

describe('the legal pages', () => {
  it('render the templates with the shop data filled in, at their addresses', async () => {
    const returns = await page('/trocas-e-devolucoes');
    expect(returns).toContain('<h1');
    expect(returns).toContain('Trocas e devoluções');
    expect(returns).toContain('<h2>Direito de arrependimento: 7 dias</h2>');
    expect(returns).toContain('em até 7 (sete) dias corridos');
    expect(returns).toContain('art. 49');
    expect(returns).not.toMatch(/\b10 \(dez\) dias|\b10 dias/);
    expect(returns).toContain('<li>E-mail: contato@lojaexemplo.com.br</li>');
    expect(returns).toContain('<li>CNPJ 11.222.333/0001-81</li>');
    expect(returns).toContain('<li>Endereço: Av. Paulista, 1000, sala 12 – Bela Vista, São Paulo – SP, CEP 01310-100</li>');
    expect(returns).not.toMatch(/\{[a-z_]+\}/);

    const privacy = await page('/politica-de-privacidade');
    expect(privacy).toContain('<li>Controlador: Loja Exemplo Comércio Ltda</li>');
    expect(privacy).toContain('Lei 13.709/2018');
    expect(privacy).toContain('<h2>Seus direitos</h2>');
    expect(privacy).toContain('escreva para contato@lojaexemplo.com.br');
    expect(privacy).toContain('<h2>Cookies</h2>');
    expect(privacy).toContain('sessão, desbloqueio da loja (quando ela está protegida por senha) e carrinho da Shopify');
    expect(privacy).toContain('só são carregados depois do seu consentimento');

    const terms = await page('/termos-de-uso');
    expect(terms).toContain('<title>Termos de uso | Minha Loja</title>');
    expect(terms).toContain('<link rel="canonical" href="http://localhost/termos-de-uso">');
    expect(terms).toContain('CDC, art. 101, I');
  });

  it('leave out a line whose placeholder the owner left empty', async () => {
    await save({ legal_phone: '' });
    const html = await page('/trocas-e-devolucoes');
    expect(html).not.toContain('Telefone:');
    expect(html).toContain('<li>E-mail: contato@lojaexemplo.com.br</li>');
    await save({ legal_phone: COMPANY.legal_phone });
    expect(await page('/trocas-e-devolucoes')).toContain('<li>Telefone: (11) 98765-4321</li>');
  });

  it("show the owner's edit, placeholders filled, and the template again once restored", async () => {
    const text = '## Nossa política\nTroca em até 7 dias com {loja} ({documento}).\n- Fale com {email}';
    const saved = await c.trpcMutation('legal.update', { slug: 'trocas-e-devolucoes', text });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result.data).toMatchObject({ slug: 'trocas-e-devolucoes', text, customized: true });
    const html = await page('/trocas-e-devolucoes');
    expect(html).toContain('<h2>Nossa política</h2>');
    expect(html).toContain('<p>Troca em até 7 dias com Loja Exemplo Comércio Ltda (CNPJ 11.222.333/0001-81).</p>');
    expect(html).toContain('<ul><li>Fale com contato@lojaexemplo.com.br</li></ul>');
    expect(html).not.toContain('Direito de arrependimento');
    // The other pages keep their templates.
    expect(await page('/termos-de-uso')).toContain('<h2>Ofertas e preços</h2>');

    const admin = (await c.t.app.inject({ method: 'GET', url: '/trpc/legal.admin', headers: { cookie: c.cookie } })).json().result.data;
    expect(admin.map((p: { slug: string; customized: boolean }) => [p.slug, p.customized])).toEqual([
      ['trocas-e-devolucoes', true],
      ['politica-de-privacidade', false],
      ['termos-de-uso', false],
    ]);

    const restored = await c.trpcMutation('legal.restore', { slug: 'trocas-e-devolucoes' });
    expect(restored.json().result.data).toMatchObject({ customized: false });
    expect(restored.json().result.data.text).toBe(restored.json().result.data.template);
    expect(await page('/trocas-e-devolucoes')).toContain('<h2>Direito de arrependimento: 7 dias</h2>');
  });

  it('refuse an empty or too long text and an unknown page, changing nothing; only an admin may write', async () => {
    const empty = await c.trpcMutation('legal.update', { slug: 'termos-de-uso', text: '   \n ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(LEGAL_TEXT_MESSAGES.empty);
    const long = await c.trpcMutation('legal.update', { slug: 'termos-de-uso', text: 'a'.repeat(30_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(LEGAL_TEXT_MESSAGES.tooLong);
    const unknown = await c.trpcMutation('legal.update', { slug: 'sobre', text: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Página legal desconhecida');
    const visitor = await c.t.app.inject({
      method: 'POST',
      url: '/trpc/legal.update',
      payload: { slug: 'termos-de-uso', text: 'Invadido' },
      headers: { 'content-type': 'application/json' },
    });
    expect(visitor.statusCode).toBe(401);
    const [row] = await c.sql<{ t: string | null }>('select legal_terms_text as t from settings');
    expect(row?.t).toBeNull();
    expect(await page('/termos-de-uso')).toContain('<h2>Ofertas e preços</h2>');
  });

  it('an edit equal to the template keeps the page on the template', async () => {
    const { template } = (await c.t.app.inject({ method: 'GET', url: '/trpc/legal.admin', headers: { cookie: c.cookie } }))
      .json()
      .result.data.find((p: { slug: string }) => p.slug === 'termos-de-uso');
    const res = await c.trpcMutation('legal.update', { slug: 'termos-de-uso', text: `${template}\n\n` });
    expect(res.json().result.data.customized).toBe(false);
  });
});

describe('the free-shipping line', () => {
  const topBar = (html: string) => /<section[^>]*aria-label="Avisos da loja"[^>]*>(.*?)<\/section>/s.exec(html)?.[1] ?? '';

  it('is nowhere while off', async () => {
    for (const url of ['/', '/produto/caneca']) expect(await page(url)).not.toContain('Frete grátis');
  });

  it('shows in the announcement bar on every page and on the product page, in the shop currency format', async () => {
    await save({ free_shipping_enabled: true, free_shipping_threshold: '199' });
    for (const url of ['/', '/produto/caneca', '/politica-de-privacidade'])
      expect(topBar(await page(url)), url).toContain('Frete grátis acima de R$ 199');
    expect(await page('/produto/caneca')).toMatch(/data-testid="free-shipping"[^>]*>Frete grátis acima de R\$ 199</);
    // A product that reaches the amount on its own says so.
    expect(await page('/produto/cadeira')).toMatch(/data-testid="free-shipping"[^>]*>Frete grátis para este produto</);
  });

  it('follows the placements and the amount the owner chooses', async () => {
    await save({ free_shipping_threshold: '149,90', free_shipping_show_top: false });
    const product = await page('/produto/caneca');
    expect(topBar(product)).not.toContain('Frete grátis');
    expect(product).toContain('Frete grátis acima de R$ 149,90');
    await save({ free_shipping_show_top: true, free_shipping_show_product: false });
    const again = await page('/produto/caneca');
    expect(topBar(again)).toContain('Frete grátis acima de R$ 149,90');
    expect(again).not.toContain('data-testid="free-shipping"');
    await save({ currency: 'USD' });
    expect(topBar(await page('/'))).toContain('Frete grátis acima de $ 149,90');
    await save({ currency: 'BRL', free_shipping_enabled: false });
    expect(await page('/')).not.toContain('Frete grátis');
  });
});
