import type { FastifyRequest } from 'fastify';
import { isSlug } from '../../shared/text-rules.ts';
import { currentSlugOf, type SlugKind } from '../../src/catalog/slug-history.ts';

const PAGE = /^\/(produto|colecao)\/([^/]+)\/?$/;
const KIND: Record<string, SlugKind> = { produto: 'product', colecao: 'collection' };

/**
 * The current URL of a product or collection page asked for by a slug it had before a rename
 * (`/produto/camisa-azul?x=1` → `/produto/camisa-marinho?x=1`, query kept), or null. Runs only on
 * a cache miss of a page, before rendering: a live slug costs one indexed count.
 */
export async function oldSlugRedirect(req: FastifyRequest): Promise<string | null> {
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  const m = PAGE.exec(path);
  if (!m?.[1] || !m[2]) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(m[2]);
  } catch {
    return null;
  }
  if (!isSlug(slug)) return null;
  const current = await currentSlugOf(await req.appContext(), KIND[m[1]] as SlugKind, slug);
  return current ? `/${m[1]}/${encodeURIComponent(current)}${q < 0 ? '' : req.url.slice(q)}` : null;
}
