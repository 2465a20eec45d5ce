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

/** The LCP image's preload: the only image preloaded, and ahead of every script. */
export type ImagePreload = { href?: string; srcset?: string; sizes?: string; type?: string };

type Page = {
  lang: string;
  title: string;
  description?: string;
  faviconUrl?: string;
  /** Canonical URL, Open Graph / Twitter meta tags and JSON-LD (server/ssr/head.ts). */
  seo?: HeadSeo;
  /** The page's LCP image, when known apart from the page head's (written before the stylesheet and scripts). */
  lcpImage?: ImagePreload | null;
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

function imagePreloadTag(img: ImagePreload): string {
  const attrs = [
    img.href ? ` href="${escapeHtml(img.href)}"` : '',
    img.srcset ? ` imagesrcset="${escapeHtml(img.srcset)}"` : '',
    img.sizes ? ` imagesizes="${escapeHtml(img.sizes)}"` : '',
    img.type ? ` type="${escapeHtml(img.type)}"` : '',
  ];
  return `<link rel="preload" as="image"${attrs.join('')} fetchpriority="high">`;
}

/**
 * React's server renderer writes a `<link rel="preload" as="image">` for every image that is not
 * lazy, at the very start of the markup (inside #root, after the document's scripts). Only the LCP
 * image (the one React marks `fetchPriority="high"`) keeps its preload, moved up to the head ahead
 * of the scripts; the others are dropped (they load from their <img> as the browser decides), and
 * #root keeps exactly what the client renders.
 */
export function takeImagePreloads(body: string): { body: string; lcp: string | null } {
  const lead = /^(?:<link [^>]*>)+/.exec(body)?.[0];
  if (!lead) return { body, lcp: null };
  let lcp: string | null = null;
  const kept = lead.replace(/<link [^>]*>/g, (tag) => {
    if (!/\brel="preload"/.test(tag) || !/\bas="image"/.test(tag)) return tag;
    if (!lcp && /\bfetchPriority="high"/i.test(tag)) lcp = tag;
    return '';
  });
  return { body: kept + body.slice(lead.length), lcp };
}

/**
 * The HTML document around a rendered page. Order in the head: charset, viewport and title, the
 * LCP image's preload (ahead of everything else, JSON-LD included), the rest of the metadata, the
 * stylesheet (inlined for the storefront, so nothing blocks the first paint). No module preloads:
 * the entry script at the end of the body is found by the browser's preload scanner at once, and
 * its chunks and the locale catalog follow from it. Preloading them too made about 110 KB of
 * JavaScript compete with the HTML and the LCP image on a phone's connection, which delayed the
 * first paint (Lighthouse mobile: first contentful paint 1.8–1.9 s with them, 0.8–1.2 s without),
 * for a hydration that starts one round trip earlier. The SSR page works before hydration.
 */
export function documentHtml(p: Page): string {
  const { body, lcp } = takeImagePreloads(p.body);
  // The page's own LCP preload (its AVIF variants, from the page head) wins over React's.
  const lcpImage = p.lcpImage ?? p.seo?.preload;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(p.title)}</title>`,
    lcpImage ? imagePreloadTag(lcpImage) : (lcp ?? ''),
    p.description ? `<meta name="description" content="${escapeHtml(p.description)}">` : '',
    ...seoTags(p.seo),
    `<link rel="icon" href="${escapeHtml(p.faviconUrl || '/favicon.svg')}">`,
    p.assets.cssText ? `<style>${p.assets.cssText}</style>` : p.assets.css.map((href) => `<link rel="stylesheet" href="${href}">`).join(''),
  ]
    .filter(Boolean)
    .join('');
  const state = p.state === undefined ? '' : `<script id="__STATE__" type="application/json">${safeJson(p.state)}</script>`;
  return `<!doctype html><html lang="${escapeHtml(p.lang)}"><head>${head}</head><body><div id="root">${body}</div>${state}<script type="module" src="${p.assets.script}"></script></body></html>`;
}
