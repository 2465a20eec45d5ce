import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../../src/auth/session.entity.ts';
import { PublicCache } from '../../src/cache/public-cache.ts';
import { TopHeader } from '../../src/content/top-header.entity.ts';
import type { Database } from '../../src/db/database.ts';
import { isPublicWrite } from '../../src/db/write-watch.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

const source =
  (body: string, status = 200) =>
  async () => ({ status, contentType: 'text/plain', body });
const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('PublicCache', () => {
  it('stays within its entry and byte limits, dropping the least recently used first', async () => {
    const cache = new PublicCache({ maxEntries: 5, maxBytes: 10_000 });
    for (let i = 0; i < 50; i++) await cache.get(`k${i}`, source('x'.repeat(100)));
    expect(cache.size.entries).toBe(5);
    await cache.get('k46', source('never built'));
    for (let i = 50; i < 54; i++) await cache.get(`k${i}`, source('y'));
    // k46 was used last among the old ones: it outlived k45, k47, k48 and k49.
    expect(cache.peek('k46')?.body.toString()).toBe('x'.repeat(100));
    expect(cache.peek('k47')).toBeUndefined();

    // Repeated hits on the most recent entry keep the order; a hit on an older one moves it last.
    const three = new PublicCache({ maxEntries: 3 });
    for (const k of ['a', 'b', 'c']) await three.get(k, source(k));
    three.peek('c');
    three.peek('c');
    three.peek('a');
    three.peek('a');
    await three.get('d', source('d'));
    expect(three.peek('b')).toBeUndefined();
    await three.get('e', source('e'));
    expect(three.peek('c')).toBeUndefined();
    expect(['a', 'd', 'e'].map((k) => three.peek(k)?.body.toString())).toEqual(['a', 'd', 'e']);

    const small = new PublicCache({ maxEntries: 1000, maxBytes: 4096 });
    for (let i = 0; i < 100; i++) await small.get(`k${i}`, source(String(i).repeat(200)));
    expect(small.size.bytes).toBeLessThanOrEqual(4096);
    expect(small.size.entries).toBeGreaterThan(0);
  });

  it('runs one build for concurrent misses of a key and shares its answer', async () => {
    const cache = new PublicCache();
    let builds = 0;
    const gate = deferred<void>();
    const build = async () => {
      builds++;
      await gate.promise;
      return { status: 200, contentType: 'text/plain', body: 'página' };
    };
    const waiting = Array.from({ length: 20 }, () => cache.get('home', build));
    gate.resolve();
    const entries = await Promise.all(waiting);
    expect(builds).toBe(1);
    expect(new Set(entries).size).toBe(1);
  });

  it('never keeps what was built while a write happened, and serves nothing from before a write', async () => {
    const cache = new PublicCache();
    await cache.get('a', source('old'));
    cache.invalidate();
    expect(cache.peek('a')).toBeUndefined();

    const gate = deferred<void>();
    const overlapping = cache.get('b', async () => {
      await gate.promise;
      return { status: 200, contentType: 'text/plain', body: 'read before the write' };
    });
    cache.invalidate();
    gate.resolve();
    expect((await overlapping).body.toString()).toBe('read before the write');
    expect(cache.peek('b')).toBeUndefined();
    // A request after the write does not join the older build.
    expect((await cache.get('b', source('fresh'))).body.toString()).toBe('fresh');
  });

  it('expires entries after their maximum age', async () => {
    let now = 1_000;
    const cache = new PublicCache({ maxAgeMs: 100 }, () => now);
    await cache.get('a', source('one'));
    now += 50;
    expect(cache.peek('a')?.body.toString()).toBe('one');
    now += 100;
    expect(cache.peek('a')).toBeUndefined();
  });

  it('keeps brotli and gzip variants that decode to the same bytes, and an ETag of the body', async () => {
    const cache = new PublicCache();
    const body = `<!doctype html>${'<p>Camiseta Básica — R$ 89,90</p>'.repeat(200)}`;
    const e = await cache.get('page', source(body));
    expect(e.br && brotliDecompressSync(e.br).toString()).toBe(body);
    expect(e.gzip && gunzipSync(e.gzip).toString()).toBe(body);
    expect((e.br?.length ?? 0) < e.body.length).toBe(true);
    const same = await new PublicCache().get('x', source(body));
    expect(same.etag).toBe(e.etag);
    expect((await new PublicCache().get('x', source(`${body}.`))).etag).not.toBe(e.etag);
  });

  it('tells a memo’s value without waiting only once it has loaded, at the current generation', async () => {
    const cache = new PublicCache();
    const load = deferred<boolean>();
    const loading = cache.memo('locked', () => load.promise);
    expect(cache.settled('locked')).toBeUndefined();
    load.resolve(false);
    expect(await loading).toBe(false);
    expect(cache.settled('locked')).toEqual({ value: false });
    cache.invalidate();
    expect(cache.settled('locked')).toBeUndefined();
    await expect(cache.memo('locked', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(cache.settled('locked')).toBeUndefined();
    await cache.memo('locked', async () => true);
    expect(cache.settled('locked')).toEqual({ value: true });
  });

  it('does not keep an answer marked as not to keep (a failure)', async () => {
    const cache = new PublicCache();
    const e = await cache.get('x', async () => ({ status: 500, contentType: 'text/plain', body: 'falhou', keep: false }));
    expect(e.status).toBe(500);
    expect(cache.peek('x')).toBeUndefined();
  });
});

describe('which statements count as public writes', () => {
  it('reads, transaction control and private tables do not; everything else does', () => {
    expect(isPublicWrite('select * from products')).toBe(false);
    expect(isPublicWrite('  SELECT pg_notify($1, $2)')).toBe(false);
    expect(isPublicWrite('update "sessions" set "last_seen_at" = $1 where "id" = $2')).toBe(false);
    expect(isPublicWrite('delete from "sessions" where "id" = $1')).toBe(false);
    expect(isPublicWrite('insert into "admin_users" ("username") values ($1)')).toBe(false);
    expect(isPublicWrite('update "products" set "price" = $1')).toBe(true);
    expect(isPublicWrite('update products p set collection_id = null from (select 1) x')).toBe(true);
    expect(isPublicWrite('insert into "public"."reviews" ("rating") values (5)')).toBe(true);
    expect(isPublicWrite('delete from "top_headers" where "id" = 1')).toBe(true);
    expect(isPublicWrite('with x as (delete from sessions returning 1) update products set price = 1')).toBe(true);
    expect(isPublicWrite({ sql: 'truncate table banners' })).toBe(true);
    expect(isPublicWrite({ unknown: true })).toBe(true);
  });
});

describe('the database reports committed public writes', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  let changes = 0;
  beforeAll(async () => {
    ({ db, dispose } = await openTestDatabase());
    db.onChange(() => changes++);
  });
  afterAll(async () => {
    await dispose();
  });

  it('after the commit of a transaction, never before it, and not for a rolled-back one', async () => {
    const em = db.fork();
    const before = changes;
    await em.transactional(async (tx) => {
      tx.create(TopHeader, { text: 'Frete grátis', sort_order: 1 });
      await tx.flush();
      await tx.nativeUpdate(TopHeader, {}, { text: 'Frete grátis hoje' });
      expect(changes).toBe(before);
    });
    expect(changes).toBeGreaterThan(before);

    const atRollback = changes;
    await expect(
      db.fork().transactional(async (tx) => {
        await tx.nativeDelete(TopHeader, {});
        throw new Error('desistiu');
      }),
    ).rejects.toThrow('desistiu');
    expect(changes).toBe(atRollback);
    expect(await db.fork().count(TopHeader, {})).toBe(1);
  });

  it('for writes outside a transaction and raw SQL, and a nested transaction at the outer commit', async () => {
    let before = changes;
    await db.fork().getConnection().execute("update top_headers set text = 'Só hoje'");
    expect(changes).toBeGreaterThan(before);

    before = changes;
    await db.fork().transactional(async (outer) => {
      await outer.transactional(async (inner) => {
        await inner.nativeUpdate(TopHeader, {}, { text: 'Aninhado' });
      });
      expect(changes).toBe(before);
    });
    expect(changes).toBeGreaterThan(before);
  });

  it('not for reads or session rows', async () => {
    const before = changes;
    await db.fork().find(TopHeader, {});
    await db.fork().nativeDelete(Session, { id: 'nenhuma' });
    expect(changes).toBe(before);
  });
});
