import { pageQueryParams } from '../../shared/catalog-paths.ts';
import type { AccessView } from './http.ts';

/** What a route's cache keys are made of (see cacheKey): the kind names the route's builder. */
export type CacheKind = 'trpc' | 'legacy' | 'page';

/** The cache key of a request: what the answer depends on, nothing else. */
export const cacheKey = (kind: CacheKind, view: AccessView, url: string, origin = '') => `${kind}\u0000${view}\u0000${origin}\u0000${url}`;

/** What tRPC's adapter reads of a query call's URL: the batch flag and the calls' input. */
export const TRPC_QUERY: readonly string[] = ['batch', 'input'];

/**
 * `url` with only the query parameters named in `read`, in name order (`?b=1&a=2` and `?a=2&b=1`
 * are one answer; repeated names keep their order), or its path alone when none is left. A URL
 * already in that form (no query, or only names of `read`, each once, in order) is returned as it
 * is, without parsing: what most requests, and every hit of the storefront's own reads, are.
 */
export function keptUrl(target: string, read: readonly string[]): string {
  // A fragment is never sent by a browser, and the router ends the path at it: so does the key.
  const hash = target.indexOf('#');
  const url = hash === -1 ? target : target.slice(0, hash);
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

/** True when the query from `at` has only names of `read`, written as they are, each once, in name order. */
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
  const end = pathEnd(url);
  return end === url.length ? url : keptUrl(url, pageQueryParams(url.slice(0, end)));
}

/** Where the path of a request target ends: at its query or fragment, else at its end (no regex: every hit runs it). */
function pathEnd(url: string): number {
  const q = url.indexOf('?');
  const h = url.indexOf('#');
  if (q === -1) return h === -1 ? url.length : h;
  return h === -1 ? q : Math.min(q, h);
}

/**
 * The URL part of a request's cache key, which is also the URL its answer is built from, so that
 * an answer can only depend on what its key holds: a page by pageUrl; a tRPC read by its batch and
 * input; a `.php` read by the parameters its route declares (`cacheQuery`, none by default; its
 * handler's query is `queryOf` this URL). A cache-buster (`_=1700000000000`, as jQuery's
 * `cache: false` adds) or any other parameter is the same cached answer.
 */
export function keyUrl(kind: CacheKind, url: string, cacheQuery: readonly string[] = []): string {
  if (kind === 'page') return pageUrl(url);
  return keptUrl(url, kind === 'trpc' ? TRPC_QUERY : cacheQuery);
}

/**
 * The query of `url` as a route's handler reads it (a name given more than once: its values in
 * order), decoded as the key's URL was (WHATWG URL rules: `+` is a space, a broken escape U+FFFD).
 */
export function queryOf(url: string): Record<string, string | string[]> {
  const at = url.indexOf('?');
  const out: Record<string, string | string[]> = {};
  if (at === -1) return out;
  for (const [name, value] of new URLSearchParams(url.slice(at + 1))) {
    const had = out[name];
    out[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}
