import { leadingLinks } from '../../shared/leading-links.ts';
import { MODULES_TEMPLATE_ID } from '../../shared/page-modules.ts';
import { criticalCss } from './critical-css.ts';
import type { HeadSeo, MetaTag } from './head.ts';
import type { EntryAssets } from './manifest.ts';
import { stateJson } from './state-json.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** JSON text made safe inside a <script> tag: `<` and line separators escaped so no data can close the tag. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** JSON inside a <script> tag (see scriptSafe). */
export const safeJson = (value: unknown) => scriptSafe(JSON.stringify(value));

/** The LCP image's preload: the only image preloaded (one per viewport, by `media`), and ahead of every script. */
export type ImagePreload = { href?: string; srcset?: string; sizes?: string; type?: string; media?: string };

type Page = {
  lang: string;
  title: string;
  description?: string;
  faviconUrl?: string;
  /** Canonical URL, Open Graph / Twitter meta tags and JSON-LD (server/ssr/head.ts). */
  seo?: HeadSeo;
  /** The page's LCP image, when known apart from the page head's (written before the stylesheet and scripts). */
  lcpImage?: ImagePreload | ImagePreload[] | null;
  body: string;
  /** Static HTML after the app's root, never hydrated (the floating WhatsApp button). */
  after?: string;
  state?: unknown;
  assets: EntryAssets;
  /**
   * The cookie banner's HTML (client/consent/consent-markup.ts), written first in the body with its
   * script last. The script is `async`: the banner it reveals is often the page's largest paint on a
   * phone, so it runs as soon as it arrives instead of after the app's entry (the banner and the
   * preferences panel are parsed before it; it needs nothing of the app).
   */
  consent?: string;
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
    img.media ? ` media="${escapeHtml(img.media)}"` : '',
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
  const lead = leadingLinks(body);
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
 * stylesheet (inlined for the storefront, so nothing blocks the first paint: only the rules the
 * page's markup uses when it hydrates later, the whole sheets following with its modules), and last the module
 * preloads (the entry, its static chunks and the page locale's catalog, which hydration waits for).
 * Tried without the module preloads (2026-11-24, `npm run bench -- --only=lighthouse`, median of
 * 5): first contentful paint 1.9 → 1.2 s, but hydration then ran after the first paint and the
 * blocking time rose 110 → 575 ms on home; the scores fell from 94–96 to 86–90. Kept.
 * A server-rendered page (one with state to hydrate) is readable before any script: there the
 * module preloads wait in a <template> that the entry (client/entry-client.tsx, a few bytes)
 * moves into the head after the first paint, then imports the app. Nothing but the HTML, the
 * inline CSS and the LCP image is fetched before that paint, and the preloads still go out
 * together (no import waterfall). Measured 2026-11-24: with the preloads in the head (even at low
 * priority), Lighthouse's simulation counted every script that arrived before the largest paint
 * into LCP (1.9-2.1 s against the floor page's 0.9 s).
 */
export function documentHtml(p: Page): string {
  const { body, lcp } = takeImagePreloads(p.body);
  const catalog = p.assets.catalogs[p.lang as keyof EntryAssets['catalogs']];
  // The page's own LCP preloads (its AVIF variants, from the page head) win over React's.
  const lcpImages = [p.lcpImage ?? p.seo?.preload ?? []].flat().filter((i): i is ImagePreload => !!i);
  const afterPaint = p.state !== undefined && !!p.assets.app;
  const preload = (href: string) => `<link rel="modulepreload" href="${href}"${href === p.assets.app ? ' data-app' : ''}>`;
  // A page hydrated after its first paint inlines the rules its markup uses and loads the whole
  // sheets with its modules; any other page inlines the whole text.
  const consent = p.consent && p.assets.consent ? p.consent : '';
  const partialCss = afterPaint && p.assets.sheet ? criticalCss(p.assets.sheet, consent + body + (p.after ?? '')) : null;
  const sheets = partialCss === null ? '' : p.assets.css.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  const modules = [sheets, ...p.assets.preload.map(preload), catalog ? preload(catalog) : ''].join('');
  const inlineCss = partialCss ?? p.assets.cssText;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(p.title)}</title>`,
    lcpImages.length ? lcpImages.map(imagePreloadTag).join('') : (lcp ?? ''),
    p.description ? `<meta name="description" content="${escapeHtml(p.description)}">` : '',
    ...seoTags(p.seo),
    `<link rel="icon" href="${escapeHtml(p.faviconUrl || '/favicon.svg')}">`,
    inlineCss ? `<style>${inlineCss}</style>` : p.assets.css.map((href) => `<link rel="stylesheet" href="${href}">`).join(''),
    afterPaint ? `<template id="${MODULES_TEMPLATE_ID}">${modules}</template>` : `${preload(p.assets.script)}${modules}`,
  ]
    .filter(Boolean)
    .join('');
  const state = p.state === undefined ? '' : `<script id="__STATE__" type="application/json">${scriptSafe(stateJson(p.state))}</script>`;
  // The banner comes first in the body (the keyboard's first stop while it shows); its script only with it.
  const consentScript = consent ? `<script type="module" async src="${p.assets.consent}"></script>` : '';
  return `<!doctype html><html lang="${escapeHtml(p.lang)}"><head>${head}</head><body>${consent}<div id="root">${body}</div>${p.after ?? ''}${state}<script type="module" src="${p.assets.script}"></script>${consentScript}</body></html>`;
}
