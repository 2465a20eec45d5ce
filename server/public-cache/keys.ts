import type { AccessView } from './http.ts';

/** What a route's cache keys are made of (see cacheKey): the kind names the route's builder. */
export type CacheKind = 'trpc' | 'legacy' | 'page';

/** The cache key of a request: what the answer depends on, nothing else. */
export const cacheKey = (kind: CacheKind, view: AccessView, url: string, origin = '') => `${kind}\u0000${view}\u0000${origin}\u0000${url}`;

/**
 * Query parameters that ad and analytics tools append to shared links (`utm_*` and the click ids
 * of Meta, Google, Microsoft, TikTok, X, LinkedIn, Mailchimp, Yandex): no page reads them (the
 * browser's analytics does), so they are not part of a page's key or of what it is rendered from.
 */
const TRACKING =
  /^(utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|gclsrc|msclkid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|igshid|yclid|_ga|_gl|srsltid)$/i;

/**
 * The URL a page is keyed and rendered by: the request's path and query with tracking parameters
 * left out and the rest in name order (`?b=1&a=2` and `?a=2&b=1` are one page; repeated names keep
 * their order). A URL without a query is itself.
 */
export function pageUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = [...new URLSearchParams(url.slice(at + 1))].filter(([name]) => !TRACKING.test(name));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}

/** The URL part of a request's cache key: pages by pageUrl, reads by their exact URL. */
export const keyUrl = (kind: CacheKind, url: string) => (kind === 'page' ? pageUrl(url) : url);
