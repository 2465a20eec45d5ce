import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE } from '../../shared/locales.ts';
import { resolveSession } from '../../src/auth/session.service.ts';
import type { AppContext } from '../../src/context.ts';
import type { Database } from '../../src/db/database.ts';
import type { ImportState } from '../../src/import/import-state.ts';
import { isUnlockedBy } from '../../src/settings/store-lock.ts';
import { type AppConfig, uploadsDirOf } from '../config.ts';
import { SESSION_COOKIE, UNLOCK_COOKIE } from '../cookies.ts';
import { storeKnownOpen } from '../public-cache/http.ts';
import { sharedSettingsRow } from '../public-cache/shared-reads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    /** The catalogue imports' state (src/import/import-state.ts). */
    imports: ImportState;
  }
  interface FastifyRequest {
    /** The request's AppContext: forked EntityManager, session, locale, logger. Built once. */
    appContext(): Promise<AppContext>;
  }
}

const CACHE = Symbol('appContext');

export async function buildRequestContext(app: FastifyInstance, req: FastifyRequest): Promise<AppContext> {
  const em = app.db.fork();
  const session = await resolveSession(em, req.cookies[SESSION_COOKIE], app.config.session);
  return {
    em,
    user: session?.user ?? null,
    sessionId: session?.sessionId ?? null,
    unlocked: await isUnlockedBy(em, req.cookies[UNLOCK_COOKIE]),
    // An open store (known to the public cache) is visible to everyone: no settings read per request.
    memo: app.hasDecorator('publicCache') && storeKnownOpen(app.publicCache) ? { storeVisible: true } : {},
    ...(app.hasDecorator('publicCache') ? { sharedSettings: () => sharedSettingsRow(app) } : {}),
    locale: DEFAULT_LOCALE,
    log: req.log,
    uploadsDir: uploadsDirOf(app.config),
    idempotencyKey: typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null,
    shop: { shopifyDomain: app.config.shopify.domain, shopifyToken: app.config.shopify.token },
    signal: req.uploadSignal,
    outbound: app.outbound,
    imports: app.imports,
  };
}

/** Gives every request a lazily built AppContext, so static files never touch the database. */
export const contextPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('appContext', function (this: FastifyRequest & { [CACHE]?: Promise<AppContext> }) {
      this[CACHE] ??= buildRequestContext(app, this);
      return this[CACHE];
    });
  },
  { name: 'app-context', dependencies: ['@fastify/cookie'] },
);
