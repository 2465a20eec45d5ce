import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readSitemap } from '../../src/catalog/sitemap.ts';
import { answerCached } from '../public-cache/http.ts';
import type { CacheSource } from '../public-cache/store.ts';
import { LAYOUT_TAGS, LIST_TAGS } from '../public-cache/tags.ts';
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
  app.get('/sitemap.xml', cached, (req, reply) => answerCached(req, reply, 'page', () => sitemap(req, 0)));
  // The files of a sitemap index: /sitemap-1.xml, /sitemap-2.xml, …
  app.get<{ Params: { n: string } }>('/sitemap-:n(^\\d{1,6}).xml', cached, (req, reply) =>
    answerCached(req, reply, 'page', () => sitemap(req, Number(req.params.n) || -1)),
  );
  app.get('/robots.txt', cached, (req, reply) => answerCached(req, reply, 'page', async () => robots(req)));
}

const XML = 'application/xml; charset=utf-8';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

/**
 * `file` 0: /sitemap.xml, the URLs themselves while they fit in one file (SITEMAP_MAX_URLS, or the
 * configured smaller cap), else an index of the files; `file` n: the n-th file of the index.
 */
async function sitemap(req: FastifyRequest, file: number): Promise<CacheSource> {
  const origin = publicOrigin(req);
  const ctx = await req.appContext();
  const cap = req.server.config.sitemapMaxUrls;
  const sitemap = await readSitemap(ctx);
  const files = Math.ceil(sitemap.size / cap);
  const loc = (path: string) => `<loc>${escapeXml(`${origin}${path}`)}</loc>`;
  if (file === 0 && files > 1) {
    const entries = Array.from({ length: files }, (_, i) => `<sitemap>${loc(`/sitemap-${i + 1}.xml`)}</sitemap>`);
    const body = [XML_HEAD, '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</sitemapindex>'];
    return { status: 200, contentType: XML, body: body.join('\n'), tags: LIST_TAGS };
  }
  if (file > files || file < 0) {
    return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'Not found', tags: LIST_TAGS };
  }
  const urls = await sitemap.urls(Math.max(0, file - 1) * cap, cap);
  const body = [
    XML_HEAD,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((u) => `<url>${loc(u.path)}<lastmod>${escapeXml(u.lastmod)}</lastmod></url>`),
    '</urlset>',
  ];
  return { status: 200, contentType: XML, body: body.join('\n'), tags: LIST_TAGS };
}

function robots(req: FastifyRequest): CacheSource {
  const lines = ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicOrigin(req)}/sitemap.xml`, ''];
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: lines.join('\n'), tags: LAYOUT_TAGS };
}
