import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CacheSource } from '../../src/cache/public-cache.ts';
import { sitemapData } from '../../src/catalog/sitemap.ts';
import { answerCached } from '../plugins/public-cache.ts';
import { publicOrigin } from './public-url.ts';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** Paths crawlers have no business in: the admin, and every API (tRPC, the .php facade). */
const DISALLOWED = ['/admin', '/api/', '/trpc/', '/auth/', '/settings/'];

/**
 * /sitemap.xml (home, active collections, products, each with lastmod) and /robots.txt: public
 * answers like pages (the public cache, its invalidation and caching headers; private while the
 * store is locked).
 */
export async function seoRoutes(app: FastifyInstance): Promise<void> {
  const cached = { config: { publicCache: 'page' as const } };
  app.get('/sitemap.xml', cached, (req, reply) => answerCached(req, reply, 'page', () => sitemap(req)));
  app.get('/robots.txt', cached, (req, reply) => answerCached(req, reply, 'page', async () => robots(req)));
}

async function sitemap(req: FastifyRequest): Promise<CacheSource> {
  const origin = publicOrigin(req);
  const data = await sitemapData(await req.appContext());
  const url = (path: string, lastmod: string) =>
    `<url><loc>${escapeXml(`${origin}${path}`)}</loc><lastmod>${escapeXml(lastmod)}</lastmod></url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url('/', data.homeLastmod),
    ...data.collections.map((c) => url(`/colecao/${encodeURIComponent(c.slug)}`, c.lastmod)),
    ...data.products.map((p) => url(`/produto/${encodeURIComponent(p.slug)}`, p.lastmod)),
    '</urlset>',
  ].join('\n');
  return { status: 200, contentType: 'application/xml; charset=utf-8', body };
}

function robots(req: FastifyRequest): CacheSource {
  const lines = ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicOrigin(req)}/sitemap.xml`, ''];
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: lines.join('\n') };
}
