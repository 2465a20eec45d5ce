import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openChangeListener } from './change-listener.ts';
import { type CacheLimits, PublicCache } from './store.ts';
import { changeTags } from './tags.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every change committed before the call has been applied to the public cache. */
    publicCacheSynced(): Promise<void>;
  }
}

/** Methods that never write: their answers wait for nothing. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * One cache per app. The database's change triggers (any writer, any instance) drop what each
 * change touched; a request that may have written (any method but GET, HEAD and OPTIONS) answers
 * only once its own changes have been applied here (ChangeListener.sync), so the next request
 * already sees them.
 */
export const publicCachePlugin = fp(
  async (app: FastifyInstance, opts: { limits?: Partial<CacheLimits> }) => {
    const cache = new PublicCache(opts.limits);
    app.decorate('publicCache', cache);
    const listener = await openChangeListener({
      source: app.db.changes,
      onChange: (notice) => {
        const tags = changeTags(notice);
        if (tags === null) cache.invalidate();
        else cache.invalidate(tags);
      },
      onMissed: () => cache.invalidate(),
      onError: (err) => app.log.warn({ err }, 'change listener (LISTEN) failed; reconnecting'),
    });
    app.decorate('publicCacheSynced', () => listener.sync());
    app.addHook('onSend', async (req, _reply, payload) => {
      if (!READS.has(req.method)) await listener.sync();
      return payload;
    });
    app.addHook('onClose', async () => listener.close());
  },
  { name: 'public-cache', dependencies: ['@fastify/cookie', 'app-context'] },
);
