import { describe, expect, it } from 'vitest';
import { prepareSheet } from './critical-css.ts';
import { documentHtml, takeImagePreloads } from './html.ts';
import type { EntryAssets } from './manifest.ts';

const assets: EntryAssets = {
  script: '/assets/storefront.js',
  css: ['/assets/storefront.css'],
  preload: ['/assets/vendor.js'],
  cssText: 'body{margin:0}',
  catalogs: { 'pt-BR': '/assets/pt-BR.js', en: '/assets/en.js' },
};
const LCP = '<link rel="preload" as="image" href="/uploads/banner.webp" fetchPriority="high"/>';
const CARD = '<link rel="preload" as="image" href="/uploads/card.webp"/>';
const body = `${LCP}${CARD}<div><img src="/uploads/banner.webp" fetchPriority="high"></div>`;

describe('documentHtml', () => {
  it("keeps only React's high-priority image preload, moved ahead of the stylesheet and the scripts", () => {
    const html = documentHtml({ lang: 'pt-BR', title: 'Loja', body, assets });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(LCP);
    expect(html).not.toContain('card.webp');
    expect(html).toContain('<div id="root"><div><img');
    const at = (s: string) => head.indexOf(s);
    expect(at(LCP)).toBeLessThan(at('<style>'));
    expect(at('<style>')).toBeLessThan(at('rel="modulepreload"'));
  });

  it('inlines the storefront CSS and modulepreloads the page locale catalog only', () => {
    const html = documentHtml({ lang: 'en', title: 'Shop', body: '<p>x</p>', assets });
    expect(html).toContain('<style>body{margin:0}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<link rel="modulepreload" href="/assets/en.js">');
    expect(html).not.toContain('/assets/pt-BR.js');
  });

  it('on a server-rendered page, keeps every module preload in the template the entry opens after the first paint', () => {
    const html = documentHtml({
      lang: 'pt-BR',
      title: 'Loja',
      body,
      state: { queries: [] },
      assets: { ...assets, app: '/assets/app.js', preload: ['/assets/app.js', '/assets/vendor.js'] },
    });
    const head = html.slice(0, html.indexOf('</head>'));
    const template = /<template id="__modules__">(.*?)<\/template>/.exec(head)?.[1] ?? '';
    expect(template).toBe(
      '<link rel="modulepreload" href="/assets/app.js" data-app><link rel="modulepreload" href="/assets/vendor.js"><link rel="modulepreload" href="/assets/pt-BR.js">',
    );
    expect(head.replace(template, '')).not.toContain('modulepreload');
    expect(html).toContain('<script type="module" src="/assets/storefront.js"></script></body>');
  });

  it('on a server-rendered page, inlines only the rules its markup uses and loads the whole stylesheet after the first paint', () => {
    const cssText = 'body{margin:0}._card_ab12c_1{display:grid}._menu_zz9y8_3{display:none}._banner_qq1w2_5{color:red}';
    const html = documentHtml({
      lang: 'pt-BR',
      title: 'Loja',
      body: '<div class="_card_ab12c_1"></div>',
      after: '<a class="_banner_qq1w2_5" href="/x">x</a>',
      state: { queries: [] },
      assets: { ...assets, cssText, sheet: prepareSheet(cssText), app: '/assets/app.js', preload: ['/assets/app.js'] },
    });
    expect(html).toContain('<style>body{margin:0}._card_ab12c_1{display:grid}._banner_qq1w2_5{color:red}</style>');
    const template = /<template id="__modules__">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(template.startsWith('<link rel="stylesheet" href="/assets/storefront.css">')).toBe(true);
    // Without state (nothing loads after the first paint) the page inlines the whole text.
    const plain = documentHtml({
      lang: 'pt-BR',
      title: 'Loja',
      body: '<p>x</p>',
      assets: { ...assets, cssText, sheet: prepareSheet(cssText) },
    });
    expect(plain).toContain(`<style>${cssText}</style>`);
    expect(plain).not.toContain('rel="stylesheet"');
  });

  it("writes the page head's LCP image (with its srcset) instead of React's", () => {
    const html = documentHtml({
      lang: 'pt-BR',
      title: 'Loja',
      body,
      assets,
      lcpImage: { srcset: '/a-400.avif 400w, /a-800.avif 800w', sizes: '100vw', type: 'image/avif' },
    });
    expect(html).toContain(
      '<link rel="preload" as="image" imagesrcset="/a-400.avif 400w, /a-800.avif 800w" imagesizes="100vw" type="image/avif" fetchpriority="high">',
    );
    expect(html.match(/rel="preload"/g)).toHaveLength(1);
  });

  it('links the stylesheet when there is no CSS text (the admin)', () => {
    const html = documentHtml({ lang: 'pt-BR', title: 'Admin', body: '', assets: { ...assets, cssText: '' } });
    expect(html).toContain('<link rel="stylesheet" href="/assets/storefront.css">');
  });
});

describe('takeImagePreloads', () => {
  it('leaves markup without leading links untouched', () => {
    expect(takeImagePreloads('<div><link rel="preload" as="image" href="/x.webp"/></div>')).toEqual({
      body: '<div><link rel="preload" as="image" href="/x.webp"/></div>',
      lcp: null,
    });
  });
});
