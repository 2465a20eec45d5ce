import type { HeadSeo, MetaTag } from './head.ts';
import type { EntryAssets } from './manifest.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** JSON inside a <script> tag: `<` and line separators escaped so no data can close the tag. */
export const safeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

type Page = {
  lang: string;
  title: string;
  description?: string;
  faviconUrl?: string;
  /** Canonical URL, Open Graph / Twitter meta tags and JSON-LD (server/ssr/head.ts). */
  seo?: HeadSeo;
  body: string;
  state?: unknown;
  assets: EntryAssets;
};

const metaTag = (m: MetaTag) =>
  'property' in m
    ? `<meta property="${escapeHtml(m.property)}" content="${escapeHtml(m.content)}">`
    : `<meta name="${escapeHtml(m.name)}" content="${escapeHtml(m.content)}">`;

function seoTags(seo: HeadSeo | undefined): string[] {
  if (!seo) return [];
  return [
    seo.canonical ? `<link rel="canonical" href="${escapeHtml(seo.canonical)}">` : '',
    ...seo.meta.map(metaTag),
    ...seo.jsonLd.map((data) => `<script type="application/ld+json">${safeJson(data)}</script>`),
  ];
}

/** The HTML document around a rendered page. */
export function documentHtml(p: Page): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(p.title)}</title>`,
    p.description ? `<meta name="description" content="${escapeHtml(p.description)}">` : '',
    ...seoTags(p.seo),
    `<link rel="icon" href="${escapeHtml(p.faviconUrl || '/favicon.svg')}">`,
    ...p.assets.css.map((href) => `<link rel="stylesheet" href="${href}">`),
    `<link rel="modulepreload" href="${p.assets.script}">`,
    ...p.assets.preload.map((href) => `<link rel="modulepreload" href="${href}">`),
  ]
    .filter(Boolean)
    .join('');
  const state = p.state === undefined ? '' : `<script id="__STATE__" type="application/json">${safeJson(p.state)}</script>`;
  return `<!doctype html><html lang="${escapeHtml(p.lang)}"><head>${head}</head><body><div id="root">${p.body}</div>${state}<script type="module" src="${p.assets.script}"></script></body></html>`;
}
