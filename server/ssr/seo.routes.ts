import type { FastifyInstance } from 'fastify';
import { sitemapData } from '../../src/catalog/sitemap.ts';
import { publicOrigin } from './public-url.ts';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** Paths crawlers have no business in: the admin, and every API (tRPC, the .php facade). */
const DISALLOWED = ['/admin', '/api/', '/trpc/', '/auth/', '/settings/'];

/** /sitemap.xml (home, active collections, products, each with lastmod) and /robots.txt. */
export async function seoRoutes(app: FastifyInstance): Promise<void> {
  app.get('/sitemap.xml', async (req, reply) => {
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
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);
  });

  app.get('/robots.txt', async (req, reply) => {
    const lines = ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicOrigin(req)}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });
}
