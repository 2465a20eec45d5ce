import { pageQueryParams } from '../../shared/catalog-paths.ts';
import type { AccessView } from './http.ts';

/** What a route's cache keys are made of (see cacheKey): the kind names the route's builder. */
export type CacheKind = 'trpc' | 'legacy' | 'page';

/** The cache key of a request: what the answer depends on, nothing else. */
export const cacheKey = (kind: CacheKind, view: AccessView, url: string, origin = '') => `${kind}\u0000${view}\u0000${origin}\u0000${url}`;

/**
 * The URL a page is keyed and rendered by: the request's path with only the query parameters that
 * page reads (`pageQueryParams`: a collection page's sort, filters and page; none elsewhere), in
 * name order (`?b=1&a=2` and `?a=2&b=1` are one page; repeated names keep their order). Whatever
 * else a link carries (`utm_*` and the click ids of Meta, Google, Microsoft, TikTok on links shared
 * in ads and messages, a cache-buster, anything) reaches the browser, whose analytics reads it,
 * and changes neither the page nor its key: it is the same cached page. A URL without a query is
 * itself.
 */
export function pageUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const path = url.slice(0, at);
  const read = pageQueryParams(path);
  if (read.length === 0) return path;
  const params = [...new URLSearchParams(url.slice(at + 1))].filter(([name]) => read.includes(name));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
}

/** The URL part of a request's cache key: pages by pageUrl, reads by their exact URL. */
export const keyUrl = (kind: CacheKind, url: string) => (kind === 'page' ? pageUrl(url) : url);
