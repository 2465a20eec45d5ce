import type { PageHead } from '../../client/entry-server.tsx';

const PAGE = /^\/(produto|colecao)\/([^/]+)\/?$/;
const KIND: Record<string, 'product' | 'collection'> = { produto: 'product', colecao: 'collection' };

/** A page asked for by a slug its product or collection had before a rename: answered 301 to `location`, never cached. */
export class PageMoved {
  readonly location: string;
  constructor(location: string) {
    this.location = location;
  }
}

/**
 * The current URL of a product or collection page asked for by a slug it had before a rename
 * (`/produto/camisa-azul?x=1` → `/produto/camisa-marinho?x=1`, query kept), or null. Read from the
 * rendered page: its data was looked up by the slug of the URL, and a record found by an old slug
 * carries its current one (src/catalog/slug-history.ts), which the page's canonical path names
 * (with `?pagina=N` past a collection's first page).
 * A live slug costs nothing more than its page; a locked store's visitor gets a bare page (no
 * path), so the current URL is never revealed to them; an inactive collection is a 404.
 */
export function movedPage(url: string, head: PageHead): string | null {
  if (head.kind !== 'product' && head.kind !== 'collection') return null;
  const q = url.indexOf('?');
  const m = PAGE.exec(q < 0 ? url : url.slice(0, q));
  if (!m?.[1] || !m[2] || KIND[m[1]] !== head.kind) return null;
  const current = PAGE.exec(head.path.split('?')[0] ?? '')?.[2];
  if (!current) return null;
  try {
    if (decodeURIComponent(m[2]) === decodeURIComponent(current)) return null;
  } catch {
    return null;
  }
  return `/${m[1]}/${current}${q < 0 ? '' : url.slice(q)}`;
}
