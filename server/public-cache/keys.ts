import { pageQueryParams } from '../../shared/catalog-paths.ts';
import type { AccessView } from './http.ts';

/** What a route's cache keys are made of (see cacheKey): the kind names the route's builder. */
export type CacheKind = 'trpc' | 'legacy' | 'page';

/** The cache key of a request: what the answer depends on, nothing else. */
export const cacheKey = (kind: CacheKind, view: AccessView, url: string, origin = '') => `${kind}\u0000${view}\u0000${origin}\u0000${url}`;

/** What tRPC's adapter reads of a GET's query: the batch flag and the calls' input, nothing else. */
export const TRPC_QUERY: readonly string[] = ['batch', 'input'];

/**
 * `url` with only the query parameters named in `read`, in name order (`?b=1&a=2` and `?a=2&b=1`
 * are one answer; repeated names keep their order), or its path alone when none is left. A URL
 * already in that form (no query, or only names of `read`, each once, in order) is returned as it
 * is, without parsing: what most requests, and every hit of the storefront's own reads, are.
 */
export function keptUrl(url: string, read: readonly string[]): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  if (isKept(url, at, read)) return url;
  const path = url.slice(0, at);
  if (read.length === 0) return path;
  const params = [...new URLSearchParams(url.slice(at + 1))].filter(([name]) => read.includes(name));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
}

/** True when the query from `at` has only names of `read`, each once, in name order, none encoded. */
function isKept(url: string, at: number, read: readonly string[]): boolean {
  if (at === url.length - 1) return false;
  let previous = '';
  for (const pair of url.slice(at + 1).split('&')) {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    if (name <= previous || !read.includes(name)) return false;
    previous = name;
  }
  return true;
}

/**
 * The URL a page is keyed and rendered by: the request's path with only the query parameters that
 * page reads (`pageQueryParams`: a collection page's sort, filters and page; none elsewhere).
 * Whatever else a link carries (`utm_*` and the click ids of Meta, Google, Microsoft, TikTok on
 * links shared in ads and messages, a cache-buster, anything) reaches the browser, whose analytics
 * reads it, and changes neither the page nor its key: it is the same cached page.
 */
export function pageUrl(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : keptUrl(url, pageQueryParams(url.slice(0, at)));
}

/**
 * The URL part of a request's cache key, which is also the URL its answer is built from, so that
 * an answer can only depend on what its key holds: a page by pageUrl; a tRPC read by its batch and
 * input; a `.php` read by the parameters its route declares (`cacheQuery`, none by default). A
 * cache-buster (`_=1700000000000`, as jQuery's `cache: false` adds) or any other parameter is the
 * same cached answer.
 */
export function keyUrl(kind: CacheKind, url: string, cacheQuery: readonly string[] = []): string {
  if (kind === 'page') return pageUrl(url);
  return keptUrl(url, kind === 'trpc' ? TRPC_QUERY : cacheQuery);
}
