import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { prefetchFirstReads } from '../../client/admin/first-reads.ts';
import type { RenderInput, RenderResult } from '../../client/entry-server.tsx';
import { layoutQueries } from '../../client/storefront/layout-queries.ts';
import { MESSAGES } from '../../shared/errors.ts';
import { uploadsDirOf } from '../config.ts';
import { throwIfDatabaseUnavailable } from '../plugins/db-unavailable.ts';
import { answerCached } from '../public-cache/http.ts';
import { pageUrl } from '../public-cache/keys.ts';
import { settledSharedRead } from '../public-cache/shared-reads.ts';
import type { CacheSource, PublicCache } from '../public-cache/store.ts';
import { PAGE_TAGS, readTags, type Tag } from '../public-cache/tags.ts';
import { pageSeo } from './head.ts';
import { documentHtml } from './html.ts';
import { type EntryAssets, readAssets } from './manifest.ts';
import { movedPage, PageMoved } from './old-slug-redirect.ts';
import { publicOrigin } from './public-url.ts';
import { makeServerQueryClient } from './query-client.ts';
import { serverTrpc, withRenderScope } from './render-scope.ts';
import { seoRoutes } from './seo.routes.ts';

type Renderer = { render(input: RenderInput): Promise<RenderResult> };

/**
 * The layout's reads (header, menu, footer: the same for every page of an open store), put in the
 * page's query client as the public cache already shares them (public-cache/shared-reads.ts), with
 * their tags: the render then finds them fresh and makes no call for them through tRPC and React
 * Query's fetch. One still loading, or not shared (a locked store), is fetched by the render as before.
 */
function seedLayoutReads(
  queryClient: QueryClient,
  queries: readonly { queryKey: readonly unknown[] }[],
  cache: PublicCache,
  tags: Set<Tag>,
): void {
  for (const { queryKey } of queries) {
    const path = (queryKey[0] as string[]).join('.');
    const shared = settledSharedRead(cache, path);
    if (!shared) continue;
    queryClient.setQueryData(queryKey, shared.data);
    for (const tag of readTags(path, undefined, shared.data)) tags.add(tag);
  }
}

const API_PREFIXES = ['/api/', '/auth/', '/settings/', '/trpc/', '/uploads/'];
/** Paths answered in JSON (the APIs, the `.php` facade, uploads), never with a page. */
export const isApiPath = (path: string) => API_PREFIXES.some((p) => path.startsWith(p)) || path.endsWith('.php');

/**
 * Serves the built client: hashed assets, the server-rendered storefront for every other GET,
 * and the client-rendered admin shell at /admin.
 */
export async function ssrRoutes(app: FastifyInstance, opts: { distDir: string }): Promise<void> {
  const clientDir = join(opts.distDir, 'client');
  const serverEntry = join(opts.distDir, 'server', 'entry-server.js');
  const built = existsSync(join(clientDir, '.vite', 'manifest.json')) && existsSync(serverEntry);
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), policy: 'public' };
  });
  await app.register(seoRoutes);
  if (!built) {
    app.get('/*', async (_req, reply) => reply.code(503).type('text/plain').send('Client build missing: run npm run build'));
    return;
  }
  const assets = readAssets(clientDir);
  const renderer = (await import(pathToFileURL(serverEntry).href)) as Renderer;

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // dist/client/assets/*.br and *.gz, written by `npm run build` (scripts/precompress.ts).
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  /**
   * The admin is drawn in the browser. Its shell carries who is signed in (`auth.me`, from the
   * request's session), so the screen asks for its own data as soon as its code runs instead of
   * after a first round trip to learn it (about 100 ms before a list's first rows), and for a
   * signed-in admin the first reads of the screen asked for. The answers are per request and never
   * stored. Without the database the shell goes without them, and the browser asks as before.
   */
  const adminShell = async (req: FastifyRequest, reply: FastifyReply, a: EntryAssets) => {
    let state: unknown;
    try {
      const queryClient = makeServerQueryClient();
      const ctx = { app: await req.appContext(), http: null, cacheTags: new Set<Tag>(), publicCache: app.publicCache };
      state = await withRenderScope({ ctx, queryClient }, async () => {
        const me = await queryClient.fetchQuery(serverTrpc.auth.me.queryOptions());
        // A signed-in admin's screen finds its first reads answered (client/admin/first-reads.ts).
        if (me.authenticated && me.is_admin) await Promise.all(prefetchFirstReads(serverTrpc, queryClient, req.url));
        return dehydrate(queryClient);
      });
    } catch (error) {
      req.log.warn({ err: error }, 'admin shell without the session state');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(documentHtml({ lang: 'pt-BR', title: 'Admin Panel', body: '', assets: a, state }));
  };

  app.get('/admin', async (req, reply) => adminShell(req, reply, assets.admin));
  app.get('/admin/*', async (req, reply) => adminShell(req, reply, assets.admin));

  /**
   * Renders one storefront URL for the request's context; the cache shares it across visitors, so
   * the document must hold nothing per request. Its only inline scripts are data blocks
   * (`application/json` state, `application/ld+json`), which a CSP does not run as scripts and
   * which need no nonce. Should a per-request value (a nonce) ever be needed, cache the document in
   * parts and join them with the value at send time.
   */
  const renderPage = async (req: FastifyRequest, origin: string): Promise<CacheSource> => {
    const queryClient = makeServerQueryClient();
    // The page holds the tags of every read it rendered (tags.ts) and those of every page.
    const tags = new Set<Tag>(PAGE_TAGS);
    const ctx = { app: await req.appContext(), http: null, cacheTags: tags, publicCache: app.publicCache };
    const page = await withRenderScope({ ctx, queryClient }, () => {
      seedLayoutReads(queryClient, layoutQueries(serverTrpc), app.publicCache, tags);
      // Rendered from the URL it is cached by (no tracking parameters), so the page is the same for every such URL.
      return renderer.render({ url: pageUrl(req.url), origin, trpc: serverTrpc, queryClient });
    });
    throwIfDatabaseUnavailable(queryClient);
    // A renamed product or collection asked for by an old slug: its old links move for good.
    const moved = movedPage(req.url, page.head);
    if (moved) throw new PageMoved(moved);
    const seo = await pageSeo(page.head, {
      origin,
      status: page.status,
      description: page.description,
      uploadsDir: uploadsDirOf(app.config),
    });
    const html = documentHtml({
      lang: page.locale,
      title: page.title,
      description: page.description,
      faviconUrl: page.faviconUrl,
      seo,
      body: page.html,
      after: page.after,
      state: page.state,
      assets: assets.storefront,
      consent: page.consent,
    });
    return { status: page.status, contentType: 'text/html; charset=utf-8', body: html, tags };
  };

  // A page depends on its URL (path and query), the public origin written into it and the
  // visitor's view of the store lock; locale and currency are the shop's, not the visitor's.
  // Hits may be answered before the hooks (answerEarlyHit in public-cache/early-hit.ts).
  app.get('/*', { config: { publicCache: 'page' } }, async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (isApiPath(path)) {
      return reply.code(404).send({ error: MESSAGES.notFound });
    }
    try {
      return await answerCached(req, reply, 'page', () => renderPage(req, publicOrigin(req)));
    } catch (e) {
      // Never cached: the old slug may be taken by another product later.
      if (e instanceof PageMoved) return reply.code(301).header('cache-control', 'no-cache').redirect(e.location, 301);
      throw e;
    }
  });
}
