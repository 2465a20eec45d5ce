import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import { MESSAGES } from '../shared/errors.ts';
import { hasControlChars } from '../shared/text-rules.ts';
import { originalOfMissingVariant } from '../src/media/backfill.ts';
import '../shared/zod-locale.ts';
import type { Database } from '../src/db/database.ts';
import { createImportState, type ImportState } from '../src/import/import-state.ts';
import type { GeoLookup } from '../src/location/geoip.ts';
import { PROJECT_ROOT } from '../src/runtime-files.ts';
import type { Outbound } from '../src/shopify/transport.ts';
import { backupRoutes } from './backup/backup.routes.ts';
import { type AppConfig, uploadsDirOf } from './config.ts';
import { healthRoutes } from './health.ts';
import { capConnectionsPerAddress, httpServerOptions, requestDeadlines } from './http-limits.ts';
import { importRoutes } from './import/import.routes.ts';
import { guardJsonBodies } from './input/json-body.ts';
import { legacyRoutes } from './legacy/index.ts';
import { loadGeo } from './location/location-source.ts';
import { accessLogPlugin } from './plugins/access-log.ts';
import { frameworkRefusal } from './plugins/bad-url.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { contextPlugin } from './plugins/context.ts';
import { dbMaintenancePlugin } from './plugins/db-maintenance.ts';
import { clientErrorResponse, errorsPlugin } from './plugins/errors.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { sessionSweeperPlugin } from './plugins/session-sweeper.ts';
import { uploadGatePlugin } from './plugins/upload-gate.ts';
import { answerEarlyHit } from './public-cache/early-hit.ts';
import { publicCachePlugin } from './public-cache/plugin.ts';
import type { CacheLimits } from './public-cache/store.ts';
import { ssrRoutes } from './ssr/routes.ts';
import { trpcRoutes } from './trpc/plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Local GeoIP lookups (GEOIP_DB), or null. */
    geo: GeoLookup | null;
    /** Every registered route with its options (policy included), for the authorization test. */
    routeList: RouteOptions[];
    /** How outside hosts are reached (tests: a stand-in); see BuildAppOptions.outbound. */
    outbound: Outbound;
    /** The catalogue imports' state (src/import/import-state.ts). */
    imports: ImportState;
  }
}

export type BuildAppOptions = {
  config: AppConfig;
  db: Database;
  /** Built client (dist/). Defaults to <repo>/dist. */
  distDir?: string;
  /** A pino logger to use (main.ts passes its own); tests pass none and get a silent app. */
  loggerInstance?: FastifyBaseLogger;
  /**
   * Tests only: reach a local stand-in of the Shopify Storefront API (src/shopify/transport.ts).
   * Never set from the environment or a setting, so no deployment can point the server at its own network.
   */
  outbound?: Outbound;
  /** Tests only: the public cache's bounds and admission (server/public-cache/store.ts); the shop uses the defaults. */
  cacheLimits?: Partial<CacheLimits>;
};

/** A stored upload's file name (the folder is flat; dot files are work in progress). */
const UPLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?$/;

/** TRUST_PROXY=2: trust the nearest two proxies' forwarded headers. */
const trustHops = (hops: number) => (_addr: string, i: number) => i < hops;

/** Builds the whole HTTP app without listening; tests inject requests into it. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const options: FastifyServerOptions = {
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: false }),
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One line per request instead of two (plugins/access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 300 },
    // Bodies with __proto__ / constructor.prototype are refused outright (prototype pollution).
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    forceCloseConnections: 'idle',
    ...httpServerOptions(config),
    // The framework's own refusals answer in the shop's format too (spec: errors read `error`).
    frameworkErrors: (err, req, reply) => frameworkRefusal(err, req as FastifyRequest, reply as FastifyReply),
    clientErrorHandler: clientErrorResponse,
  };
  const app: FastifyInstance = Fastify(options);
  capConnectionsPerAddress(app.server, config.maxConnectionsPerAddress);
  requestDeadlines(app, config);
  guardJsonBodies(app);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('geo', loadGeo(config.geoipDb));
  app.decorate('outbound', opts.outbound ?? {});
  app.decorate('imports', createImportState(app.log));
  // Registered before the next hook so that, on close, it waits for its pass after a running
  // import is cancelled (onClose hooks run last registered first).
  await app.register(dbMaintenancePlugin);
  // A running import is cancelled (and undoes itself) before the database closes.
  app.addHook('onClose', () => app.imports.jobs.close());
  const routeList: RouteOptions[] = [];
  app.decorate('routeList', routeList);
  // Keeps the route options object itself: scope hooks registered later still fill in the policy.
  app.addHook('onRoute', (route) => void routeList.push(route));

  // First of all hooks: a public cache hit goes out before the per-request work the others do.
  app.addHook('onRequest', answerEarlyHit);
  await app.register(accessLogPlugin, { mode: opts.config.accessLog });
  await app.register(cookie);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimitPlugin);
  await app.register(uploadGatePlugin, { slots: config.uploadSlots, uploadsDir: uploadsDirOf(config) });
  await app.register(compressionPlugin);
  await app.register(contextPlugin);
  await app.register(publicCachePlugin, { limits: opts.cacheLimits });
  await app.register(sessionSweeperPlugin);

  await app.register(healthRoutes);
  await app.register(trpcRoutes);
  await app.register(legacyRoutes);
  await app.register(backupRoutes);
  await app.register(importRoutes);

  const uploadsDir = uploadsDirOf(config);
  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config as object), policy: 'public' };
      });
      // A variant not written yet (images stored before variants existed, the demo's first
      // minute) sends the browser to its original, never to a broken image; it is written meanwhile.
      scope.setNotFoundHandler(async (req, reply) => {
        const original = await originalOfMissingVariant(uploadsDir, req.url.split('?')[0] ?? '');
        if (original) return reply.code(302).header('cache-control', 'no-store').redirect(original);
        return reply.code(404).send({ error: MESSAGES.notFound });
      });
      // One flat folder of generated names. Served through `sendFile` rather than the static
      // plugin's wildcard route, which lists the whole folder on every request to check the name's
      // spelling (slow with thousands of variants, and a 403 when a file lands between its listing
      // and its stat). Names starting with a dot (files being written or deleted) are never served.
      await scope.register(fastifyStatic, {
        root: uploadsDir,
        serve: false,
        immutable: true,
        maxAge: '365d',
        setHeaders: (reply) => {
          reply.header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox");
          reply.header('x-content-type-options', 'nosniff');
        },
      });
      scope.get<{ Params: { name: string } }>('/:name', (req, reply) => {
        const { name } = req.params;
        if (hasControlChars(name)) return reply.code(400).send({ error: MESSAGES.invalidCharacters });
        return UPLOAD_NAME.test(name) ? reply.sendFile(name) : reply.callNotFound();
      });
    },
    { prefix: '/uploads' },
  );

  const distDir = resolve(opts.distDir ?? join(PROJECT_ROOT, 'dist'));
  await app.register(ssrRoutes, { distDir });
  if (!existsSync(join(distDir, 'client'))) app.log.warn({ distDir }, 'client build missing: run `npm run build`');
  return app;
}
