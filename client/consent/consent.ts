import type { ConsentTag, TagKey } from '../../shared/tracking-tags.ts';
import { CONSENT_IDS, CONSENT_STORAGE_KEY } from './consent-keys.ts';

/**
 * The cookie consent script (issue 18, part 4): a separate file the server adds to a page only
 * while the owner has set an analytics or ads tag (consent-markup.ts writes the banner it drives).
 * Nothing here runs a tag before the shopper's choice: the banner shows while no choice is stored,
 * and a tag's script is added to the page only once its category is accepted. The choice is kept
 * in localStorage (versioned, with the tags it covered: a tag added later asks again) and can be
 * changed from the footer's 'Preferências de cookies'; withdrawing a category deletes its tags'
 * cookies and reloads the page, so no tag of it stays running.
 */
type Category = 'analytics' | 'marketing';
type Choice = { v: number; analytics: boolean; marketing: boolean; tags: string };

/** Raise when the categories or their meaning change: every stored choice is asked again. */
const VERSION = 1;
const CATEGORIES: Category[] = ['analytics', 'marketing'];
/** First-party cookies the tags set, by name prefix (GA4: _ga, _ga_<id>, _gid; Meta: _fbp, _fbc; TikTok: _ttp). */
const COOKIES: Record<Category, string[]> = { analytics: ['_ga', '_gid', '_gat'], marketing: ['_fbp', '_fbc', '_ttp', '_tt_'] };

// biome-ignore lint/suspicious/noExplicitAny: the vendors' globals (dataLayer, fbq, ttq) are untyped
const w = window as any;

function start(bar: HTMLElement, panel: HTMLElement) {
  const tags = JSON.parse(bar.dataset.tags ?? '[]') as ConsentTag[];
  const all = tags.map((t) => t.key).join(',');
  const loaded = new Set<Category>();
  let choice = read();
  if (choice && choice.v === VERSION && tags.every((t) => choice?.tags.split(',').includes(t.key))) apply(choice);
  else {
    choice = null;
    bar.hidden = false;
  }

  function apply(c: Choice) {
    for (const t of tags) if (c[t.category] && !loaded.has(t.category)) LOADERS[t.key](t.id, t.src);
    for (const category of CATEGORIES) if (c[category]) loaded.add(category);
  }

  function save(next: Choice) {
    try {
      localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage refused (private mode): the choice holds for this page only.
    }
    const withdrawn = CATEGORIES.filter((c) => loaded.has(c) && !next[c]);
    if (withdrawn.length) {
      for (const c of withdrawn) deleteCookies(COOKIES[c]);
      location.reload();
      return;
    }
    choice = next;
    apply(next);
    const focusWasIn = bar.contains(document.activeElement) || panel.contains(document.activeElement);
    bar.hidden = true;
    if (panel.matches(':popover-open')) panel.hidePopover();
    // The banner's buttons are gone: focus moves to the page's content, not to the document's start.
    if (focusWasIn || document.activeElement === document.body) document.getElementById('conteudo')?.focus({ preventScroll: true });
    const status = document.getElementById('cc-status');
    if (status) setTimeout(() => (status.textContent = status.dataset.saved ?? ''), 50);
  }

  const box = (c: Category) => panel.querySelector<HTMLInputElement>(`input[name="${c}"]`);
  panel.addEventListener('beforetoggle', (event) => {
    if ((event as ToggleEvent).newState !== 'open') return;
    for (const c of CATEGORIES) {
      const input = box(c);
      if (input) input.checked = !!choice?.[c];
    }
  });
  document.addEventListener('click', (event) => {
    const action = (event.target as Element).closest?.('[data-cc]')?.getAttribute('data-cc');
    if (!action) return;
    const pick = (c: Category) => (action === 'save' ? !!box(c)?.checked : action === 'accept');
    save({ v: VERSION, analytics: pick('analytics'), marketing: pick('marketing'), tags: all });
  });
}

function read(): Choice | null {
  try {
    const value = JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null') as Choice | null;
    return value && typeof value === 'object' && typeof value.tags === 'string' ? value : null;
  } catch {
    return null;
  }
}

function addScript(src: string) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/** Each vendor's documented snippet, without inline code: its queue, then its script. */
const LOADERS: Record<TagKey, (id: string, src: string) => void> = {
  ga4_measurement_id(id, src) {
    w.dataLayer = w.dataLayer || [];
    w.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js reads Arguments objects from the data layer
      w.dataLayer.push(arguments);
    };
    w.gtag('js', new Date());
    w.gtag('config', id);
    addScript(src);
  },
  meta_pixel_id(id, src) {
    if (!w.fbq) {
      const fbq = function fbq(...args: unknown[]) {
        // biome-ignore lint/suspicious/noExplicitAny: the pixel's own queue object
        const f = fbq as any;
        if (f.callMethod) f.callMethod(...args);
        else f.queue.push(args);
      };
      Object.assign(fbq, { push: fbq, loaded: true, version: '2.0', queue: [] });
      w.fbq = fbq;
      w._fbq = fbq;
      addScript(src);
    }
    w.fbq('init', id);
    w.fbq('track', 'PageView');
  },
  tiktok_pixel_id(id, src) {
    const methods = [
      'page',
      'track',
      'identify',
      'instances',
      'debug',
      'on',
      'off',
      'once',
      'ready',
      'alias',
      'group',
      'enableCookie',
      'disableCookie',
    ];
    w.ttq = w.ttq || [];
    const ttq = w.ttq;
    w.TiktokAnalyticsObject = 'ttq';
    const defer = (target: unknown[] & Record<string, unknown>, name: string) => {
      target[name] = (...args: unknown[]) => target.push([name, ...args]);
    };
    ttq.methods = methods;
    ttq.setAndDefer = defer;
    for (const m of methods) defer(ttq, m);
    ttq.instance = (key: string) => {
      const queue = ttq._i[key] || [];
      for (const m of methods) defer(queue, m);
      return queue;
    };
    ttq._i = { ...ttq._i, [id]: Object.assign([], { _u: src.split('?')[0] }) };
    ttq._t = { ...ttq._t, [id]: Date.now() };
    ttq._o = { ...ttq._o, [id]: {} };
    addScript(src);
    ttq.page();
  },
};

/** Expires the named cookies on this host and each parent domain (the tags set them on the widest one). */
function deleteCookies(prefixes: string[]) {
  const labels = location.hostname.split('.');
  const domains = [''];
  for (let i = 0; i < labels.length - 1; i++) domains.push(`; domain=.${labels.slice(i).join('.')}`);
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim() ?? '';
    if (!prefixes.some((p) => name.startsWith(p))) continue;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers shoppers still use
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; path=/${domain}`;
  }
}

// Last, once every constant above is set (a stored choice loads its tags at once).
const bar = document.getElementById(CONSENT_IDS.banner);
const panel = document.getElementById(CONSENT_IDS.preferences);
if (bar && panel) start(bar, panel);
