import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptMarkupStore, type PendingPart } from '../../client/kept-markup-store.ts';
import { settledSharedRead } from '../../server/public-cache/shared-reads.ts';
import type { HomeDto } from '../../shared/catalog.ts';
import type { Settings } from '../../shared/settings.ts';
import { createDemoTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The layout's header and footer are rendered once for their inputs and their
 * markup written into every later page (client/storefront/common/kept-markup.ts): a page built so is
 * the page built without it, and a change of their data is on the very next page
 * (cache-writes.test.ts checks every kind of write to them).
 */

const render = async (content: React.ReactNode) => renderToString(content);

describe('the kept markup store', () => {
  it('keeps a part from its second ask with the same inputs, by identity for data and by value for the rest', async () => {
    const store = new KeptMarkupStore();
    const pending: PendingPart[] = [];
    const keeper = store.keeper(pending);
    const settings = { site_title: 'Loja da Ana' };
    const content = <div className="inner">{settings.site_title}</div>;
    expect(keeper('header', [settings, 'pt-BR'], content)).toBeNull();
    expect(pending).toHaveLength(0);
    expect(keeper('header', [settings, 'pt-BR'], content)).toBeNull();
    expect(pending).toHaveLength(1);
    await store.keep(pending, '<header><div class="inner">Loja da Ana</div></header>', render);

    expect(keeper('header', [settings, 'pt-BR'], content)).toBe('<div class="inner">Loja da Ana</div>');
    // The same content in another object is other data (query data is replaced, never changed in place).
    expect(keeper('header', [{ ...settings }, 'pt-BR'], content)).toBeNull();
    expect(keeper('header', [settings, 'en'], content)).toBeNull();
    expect(keeper('footer', [settings, 'pt-BR'], content)).toBeNull();
  });

  it('keeps nothing the page does not hold as it is', async () => {
    const store = new KeptMarkupStore();
    const pending: PendingPart[] = [];
    const keeper = store.keeper(pending);
    const data = { text: 'Frete grátis' };
    const content = <span>{data.text}</span>;
    keeper('announcements', [data], content);
    keeper('announcements', [data], content);
    await store.keep(pending, '<section><span>Frete gratis</span></section>', render);
    expect(keeper('announcements', [data], content)).toBeNull();
  });

  it("leaves out the image preloads React writes first, which are not part of the element's content", async () => {
    const store = new KeptMarkupStore();
    const pending: PendingPart[] = [];
    const keeper = store.keeper(pending);
    const data = { logo: '/uploads/logo.png' };
    const content = (
      <a href="/">
        <img src={data.logo} alt="Loja" />
      </a>
    );
    expect(await render(content)).toMatch(/^<link rel="preload" as="image"/);
    keeper('header', [data], content);
    keeper('header', [data], content);
    await store.keep(pending, '<header><a href="/"><img src="/uploads/logo.png" alt="Loja"/></a></header>', render);
    expect(keeper('header', [data], content)).toBe('<a href="/"><img src="/uploads/logo.png" alt="Loja"/></a>');
  });
});

describe('pages built with the kept markup', () => {
  let t: TestApp;
  let home: HomeDto;
  beforeAll(async () => {
    // The shop's own admission (a page kept from its second ask), so that asking a page again builds it again.
    t = await createDemoTestApp({}, { cacheLimits: { keepFirstAsk: false } });
    home = (await t.app.inject({ method: 'GET', url: '/trpc/catalog.home' })).json().result.data;
  });
  afterAll(async () => {
    await t.close();
  });

  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  /** What the browser hydrates and sees: the app's root and the static markup after it. */
  const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="__STATE__"'));
  const part = (html: string, tag: string) => new RegExp(`<${tag}[ >].*?</${tag}>`, 's').exec(html)?.[0];

  it('are the pages built without it, character for character', async () => {
    const products = home.sections.flatMap((s) => s.products);
    const [a, b] = products;
    expect(a && b && a.slug !== b.slug).toBe(true);
    await page('/'); // the parts' first ask
    const inline = await page(`/produto/${a?.slug}`); // their second: rendered inline, then kept
    await new Promise((ok) => setTimeout(ok, 5));
    const kept = await page(`/produto/${a?.slug}`); // built again (kept from this second ask), with the kept parts
    expect(kept).not.toBe(inline); // a new build: its state's timestamps are later
    expect(root(kept)).toBe(root(inline));
    expect(part(kept, 'header')).toContain('Minha Loja');
    expect(part(kept, 'footer')).toContain('Todos os direitos reservados.');
    expect(root(await page(`/produto/${b?.slug}?pagina=1`))).toContain(part(inline, 'header'));
  });

  it('write the markup kept, not a new render of the part', async () => {
    // Proved by changing the shared settings in place, which the shop never does (it replaces them):
    // the page's title follows, the header and footer keep what was rendered for that object.
    const shared = settledSharedRead(t.app.publicCache, 'settings.get')?.data as Settings;
    const before = shared.site_title;
    shared.site_title = 'Outro nome';
    try {
      const c = home.sections.flatMap((s) => s.products)[2];
      const html = await page(`/produto/${c?.slug}`);
      expect(html).toContain(`${c?.title} | Outro nome</title>`);
      expect(part(html, 'header')).toContain(before);
      expect(part(html, 'header')).not.toContain('Outro nome');
    } finally {
      shared.site_title = before;
    }
  });
});
