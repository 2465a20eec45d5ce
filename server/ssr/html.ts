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
  body: string;
  state?: unknown;
  assets: EntryAssets;
};

/** The HTML document around a rendered page. */
export function documentHtml(p: Page): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(p.title)}</title>`,
    p.description ? `<meta name="description" content="${escapeHtml(p.description)}">` : '',
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
