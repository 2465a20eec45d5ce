import type { FastifyInstance } from 'fastify';
import type { ISettingsRow } from '../../src/settings/settings.entity.ts';
import { loadSettingsRow } from '../../src/settings/settings.repo.ts';
import { storeKnownOpen } from './http.ts';
import type { PublicCache } from './store.ts';
import { readTags } from './tags.ts';

/** A tRPC middleware's result, as far as sharing it goes. */
type CallResult = { ok: boolean; data?: unknown; ctx?: unknown };

/** A failed call: handed to the calls that waited for it, never kept. */
class NotShared {
  readonly result: CallResult;
  constructor(result: CallResult) {
    this.result = result;
  }
}

const memoName = (path: string) => `read\u0000${path}`;

/**
 * The shared answer of the input-less public read `path` when it is already loaded (and the store
 * known open): what `sharedRead` would hand a call now, without making one.
 */
export function settledSharedRead(cache: PublicCache, path: string): { data: unknown } | undefined {
  if (!storeKnownOpen(cache)) return undefined;
  const box = cache.settled<CallResult>(memoName(path));
  return box?.value.ok ? { data: box.value.data } : undefined;
}

/**
 * One answer of an input-less public read (the settings, the layout, the collections menu, home)
 * shared by every request while the store is open, until a change touches what it read (its tags,
 * tags.ts). These reads are the same for every visitor of an open store (a cached procedure depends
 * only on its input and the store lock), and every page renders the first three: kept here, a page
 * that is not in the cache yet runs only the queries of its own content.
 *
 * Only while the public cache knows the store is open at its current generation (the lock memo);
 * otherwise, and for a call with an input, `run` is called as it is. The result handed out carries
 * the caller's own context, not the one it was built with.
 */
export async function sharedRead<R extends CallResult>(cache: PublicCache, path: string, ctx: unknown, run: () => Promise<R>): Promise<R> {
  if (!storeKnownOpen(cache)) return run();
  try {
    const shared = await cache.taggedMemo(memoName(path), async () => {
      const result = await run();
      if (!result.ok) throw new NotShared(result);
      return { value: { ...result, ctx: undefined }, tags: readTags(path, undefined, result.data) };
    });
    return { ...shared, ctx } as R;
  } catch (e) {
    if (e instanceof NotShared) return { ...e.result, ctx } as R;
    throw e;
  }
}

const SETTINGS_ROW_MEMO = 'settings-row';

/**
 * The settings row, read once per cache generation and shared, frozen, by every request
 * (AppContext.sharedSettings): a settings change empties the whole cache, memos included (tags.ts),
 * so no request reads a row older than the last change it could have seen.
 */
export function sharedSettingsRow(app: FastifyInstance): Promise<Readonly<ISettingsRow>> {
  return app.publicCache.memo(SETTINGS_ROW_MEMO, async () => Object.freeze({ ...(await loadSettingsRow(app.db.fork())) }));
}
