import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChangeListener, openChangeListener } from '../../server/public-cache/change-listener.ts';
import { bodyOf, type CacheEntry, type CacheLimits, PublicCache } from '../../server/public-cache/store.ts';
import { type ChangeNotice, expiresTag } from '../../server/public-cache/tags.ts';
import { Session } from '../../src/auth/session.entity.ts';
import { TopHeader } from '../../src/content/top-header.entity.ts';
import type { Database } from '../../src/db/database.ts';
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

/**
 * A cache that keeps every build from its first ask: these tests are about what a kept entry does.
 * What the shop keeps (a key's second ask) is tested on its own below.
 */
const keeping = (limits: Partial<CacheLimits> = {}, now?: () => number) => new PublicCache({ keepFirstAsk: true, ...limits }, now);

/** An entry's body as text (decoded when it is kept only as brotli). */
const text = (e: CacheEntry | undefined) => (e ? bodyOf(e).toString() : undefined);

describe('PublicCache', () => {
  it('stays within its entry and byte limits, dropping the least recently used first', async () => {
    const cache = keeping({ maxEntries: 5, maxBytes: 10_000 });
    for (let i = 0; i < 50; i++) await cache.get(`k${i}`, source('x'.repeat(100)));
    expect(cache.size.entries).toBe(5);
    await cache.get('k46', source('never built'));
    for (let i = 50; i < 54; i++) await cache.get(`k${i}`, source('y'));
    // k46 was used last among the old ones: it outlived k45, k47, k48 and k49.
    expect(text(cache.peek('k46'))).toBe('x'.repeat(100));
    expect(cache.peek('k47')).toBeUndefined();

    // Repeated hits on the most recent entry keep the order; a hit on an older one moves it last.
    const three = keeping({ maxEntries: 3 });
    for (const k of ['a', 'b', 'c']) await three.get(k, source(k));
    three.peek('c');
    three.peek('c');
    three.peek('a');
    three.peek('a');
    await three.get('d', source('d'));
    expect(three.peek('b')).toBeUndefined();
    await three.get('e', source('e'));
    expect(three.peek('c')).toBeUndefined();
    expect(['a', 'd', 'e'].map((k) => text(three.peek(k)))).toEqual(['a', 'd', 'e']);

    const small = keeping({ maxEntries: 1000, maxBytes: 4096 });
    for (let i = 0; i < 100; i++) await small.get(`k${i}`, source(String(i).repeat(200)));
    expect(small.size.bytes).toBeLessThanOrEqual(4096);
    expect(small.size.entries).toBeGreaterThan(0);
  });

  it('keeps buffers that own exactly their bytes (no slice of a bigger chunk or of the shared pool held for the entry)', async () => {
    const cache = keeping();
    const page = Array.from({ length: 800 }, (_, i) => `<p>produto ${i * 7919}</p>`).join('');
    const owns = (b: Buffer | null | undefined) => !!b && b.byteOffset === 0 && b.buffer.byteLength === b.length;
    const both = await cache.get('page', source(page));
    expect(both.br && both.br.length < 16 * 1024).toBe(true);
    expect(owns(both.br)).toBe(true);
    expect(owns(both.gzip)).toBe(true);
    const small = await cache.get('small', source('{"ok":true}'));
    expect(small.br ?? null).toBeNull();
    expect(owns(small.body)).toBe(true);
    expect(text(cache.peek('page'))).toBe(page);
    expect(text(cache.peek('small'))).toBe('{"ok":true}');
  });

  it('runs one build for concurrent misses of a key and shares its answer', async () => {
    const cache = keeping();
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
    const cache = keeping();
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
    expect(text(await overlapping)).toBe('read before the write');
    expect(cache.peek('b')).toBeUndefined();
    // A request after the write does not join the older build.
    expect(text(await cache.get('b', source('fresh')))).toBe('fresh');
  });

  it('expires entries after their maximum age', async () => {
    let now = 1_000;
    const cache = keeping({ maxAgeMs: 100 }, () => now);
    await cache.get('a', source('one'));
    now += 50;
    expect(text(cache.peek('a'))).toBe('one');
    now += 100;
    expect(cache.peek('a')).toBeUndefined();
  });

  it('keeps an entry with a deadline (an expires: tag) until then at most, and one already past it not at all', async () => {
    let now = 1_000;
    const cache = keeping({ maxAgeMs: 10_000 }, () => now);
    const tagged = (body: string, tags: string[]) => async () => ({ status: 200, contentType: 'text/plain', body, tags });
    await cache.get('hours', tagged('open', ['collections', expiresTag(1_500), expiresTag(3_000)]));
    await cache.get('plain', tagged('no deadline', ['collections']));
    now = 1_499;
    expect(text(cache.peek('hours'))).toBe('open');
    now = 1_500; // the earliest deadline
    expect(cache.peek('hours')).toBeUndefined();
    expect(text(cache.peek('plain'))).toBe('no deadline');
    // Built at or after its deadline (a slow build): answered, not kept.
    expect(text(await cache.get('late', tagged('late', [expiresTag(1_500)])))).toBe('late');
    expect(cache.peek('late')).toBeUndefined();
    // A far deadline does not outlive the maximum age.
    await cache.get('far', tagged('far', [expiresTag(1_000_000)]));
    now += 10_001;
    expect(cache.peek('far')).toBeUndefined();
  });

  it('keeps brotli and gzip variants that decode to the same bytes, and an ETag of the body', async () => {
    const cache = keeping();
    const body = `<!doctype html>${'<p>Camiseta Básica — R$ 89,90</p>'.repeat(200)}`;
    const e = await cache.get('page', source(body));
    expect(e.br && brotliDecompressSync(e.br).toString()).toBe(body);
    expect(e.gzip && gunzipSync(e.gzip).toString()).toBe(body);
    expect((e.br?.length ?? 0) < e.size).toBe(true);
    const same = await keeping().get('x', source(body));
    expect(same.etag).toBe(e.etag);
    expect((await keeping().get('x', source(`${body}.`))).etag).not.toBe(e.etag);
  });

  it('keeps a compressed body only as brotli, counting those bytes alone, and decodes it for the clients that need it', async () => {
    const cache = keeping({ maxBytes: 1_000_000 });
    const body = `<!doctype html>${'<p>Camiseta Básica — R$ 89,90</p>'.repeat(400)}`;
    const e = await cache.get('page', source(body), ['br']);
    expect(e.body).toBeNull();
    expect(e.size).toBe(Buffer.byteLength(body));
    expect(cache.size.bytes).toBe('page'.length + (e.br?.length ?? 0));
    expect(bodyOf(e).toString()).toBe(body);
    const withGzip = await cache.withEncoding('page', e, 'gzip');
    expect(withGzip.gzip && gunzipSync(withGzip.gzip).toString()).toBe(body);
    // A small body is not compressed, and stays as it is.
    const small = await cache.get('small', source('<p>oi</p>'), ['br']);
    expect(small.body?.toString()).toBe('<p>oi</p>');
  });

  it('compresses a build in the encodings asked for only, and adds another when a client needs it', async () => {
    const cache = keeping({ maxBytes: 1_000_000 });
    const body = `<!doctype html>${'<p>Vestido Midi Floral — R$ 159,90</p>'.repeat(300)}`;
    const e = await cache.get('page', source(body), ['br']);
    expect(e.br && brotliDecompressSync(e.br).toString()).toBe(body);
    expect(e.gzip).toBeUndefined();
    const before = cache.size.bytes;
    const both = await cache.withEncoding('page', e, 'gzip');
    expect(both.gzip && gunzipSync(both.gzip).toString()).toBe(body);
    expect(both.br).toBe(e.br);
    expect(cache.peek('page')).toBe(both);
    expect(cache.size.bytes).toBe(before + (both.gzip?.length ?? 0));
    cache.invalidate(['products']);
    expect(cache.keys()).toEqual([]); // still found by its tags (it declared none: any change drops it)
    const tiny = await cache.get('tiny', source('ok'), ['gzip']);
    expect(tiny.gzip).toBeNull();
  });

  it('compresses a miss quickly, and better once it is asked for again (the same body)', async () => {
    const cache = keeping();
    const body = `<!doctype html>${Array.from({ length: 400 }, (_, i) => `<li>Produto ${i} — R$ ${i},90</li>`).join('')}`;
    const draft = await cache.get('page', source(body), ['br']);
    expect(draft.draft).toBe(true);
    expect(cache.peek('page')).toBe(draft); // the first hit: recompressed in the background
    let kept = cache.peek('page');
    for (let i = 0; i < 200 && kept?.draft; i++) {
      await new Promise((r) => setTimeout(r, 10));
      kept = cache.peek('page');
    }
    expect(kept?.draft).toBe(false);
    expect(kept?.etag).toBe(draft.etag);
    expect(kept?.br && brotliDecompressSync(kept.br).toString()).toBe(body);
    expect(kept?.br?.length).toBeLessThanOrEqual(draft.br?.length ?? 0);
  });

  it('tells a memo’s value without waiting only once it has loaded, at the current generation', async () => {
    const cache = keeping();
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
    const cache = keeping();
    const e = await cache.get('x', async () => ({ status: 500, contentType: 'text/plain', body: 'falhou', keep: false }));
    expect(e.status).toBe(500);
    expect(cache.peek('x')).toBeUndefined();
  });
});

describe('what the shop keeps (admission)', () => {
  it("keeps a key's build from its second ask: the first is answered and not kept", async () => {
    const cache = new PublicCache();
    let builds = 0;
    const build = async () => ({ status: 200, contentType: 'text/plain', body: `página ${++builds}` });
    expect(text(await cache.get('/produto/a', build))).toBe('página 1');
    expect(cache.peek('/produto/a')).toBeUndefined();
    expect(text(await cache.get('/produto/a', build))).toBe('página 2');
    expect(text(cache.peek('/produto/a'))).toBe('página 2');
    expect(text(await cache.get('/produto/a', build))).toBe('página 2');
    expect(builds).toBe(2);
  });

  it('a sweep of pages asked for once (a crawler) does not push out the pages asked for again', async () => {
    const cache = new PublicCache({ maxEntries: 50 });
    for (let round = 0; round < 2; round++) for (let i = 0; i < 10; i++) await cache.get(`/colecao/${i}`, source(`coleção ${i}`));
    for (let i = 0; i < 10_000; i++) await cache.get(`/produto/${i}`, source(`produto ${i}`));
    expect(cache.size.entries).toBe(10);
    for (let i = 0; i < 10; i++) expect(text(cache.peek(`/colecao/${i}`))).toBe(`coleção ${i}`);
  });

  it('a page dropped by a change, or evicted, is kept again at its next build', async () => {
    const cache = new PublicCache({ maxEntries: 2 });
    const tagged = (body: string) => async () => ({ status: 200, contentType: 'text/plain', body, tags: ['product:1'] });
    await cache.get('/produto/um', tagged('R$ 10'));
    await cache.get('/produto/um', tagged('R$ 10'));
    cache.invalidate(['product:1']);
    expect(cache.peek('/produto/um')).toBeUndefined();
    await cache.get('/produto/um', tagged('R$ 12'));
    expect(text(cache.peek('/produto/um'))).toBe('R$ 12');
    for (const k of ['a', 'b', 'a', 'b']) await cache.get(k, source(k));
    expect(cache.peek('/produto/um')).toBeUndefined();
    await cache.get('/produto/um', tagged('R$ 12'));
    expect(text(cache.peek('/produto/um'))).toBe('R$ 12');
  });
});

describe('tagged entries', () => {
  const tagged =
    (body: string, ...tags: string[]) =>
    async () => ({ status: 200, contentType: 'text/plain', body, tags });

  it('a change drops the entries holding one of its tags and nothing else; a wildcard drops its kind', async () => {
    const cache = keeping();
    await cache.get('a', tagged('a', 'product:1'));
    await cache.get('b', tagged('b', 'product:2'));
    await cache.get('col', tagged('col', 'collection:7', 'collections'));
    await cache.get('list', tagged('list', 'products', 'collections'));
    await cache.get('untagged', async () => ({ status: 200, contentType: 'text/plain', body: 'u' }));
    await cache.get('layout', tagged('layout'));
    cache.invalidate(['product:1', 'collection:none', 'products']);
    // An entry that declared nothing goes at any change; one with no tags only at a full flush.
    expect(cache.keys().sort()).toEqual(['b', 'col', 'layout']);
    cache.invalidate(['product:*']);
    expect(cache.keys().sort()).toEqual(['col', 'layout']);
    cache.invalidate(['collections']);
    expect(cache.keys()).toEqual(['layout']);
    const generation = cache.generation;
    cache.invalidate();
    expect(cache.keys()).toEqual([]);
    expect(cache.generation).toBe(generation + 1);
  });

  it('a build overlapping a change of one of its tags is not kept; one overlapping another change is', async () => {
    const cache = keeping();
    const gate = deferred<void>();
    const a = cache.get('a', async () => {
      await gate.promise;
      return { status: 200, contentType: 'text/plain', body: 'A', tags: ['product:1'] };
    });
    const b = cache.get('b', async () => {
      await gate.promise;
      return { status: 200, contentType: 'text/plain', body: 'B', tags: ['product:2'] };
    });
    const c = cache.get('c', async () => {
      await gate.promise;
      return { status: 200, contentType: 'text/plain', body: 'C', tags: ['collection:3'] };
    });
    cache.invalidate(['product:1']);
    cache.invalidate(['collection:*']);
    gate.resolve();
    await Promise.all([a, b, c]);
    expect(cache.keys()).toEqual(['b']);
    // Nothing under way: the record of changes is let go.
    await cache.get('a', tagged('A2', 'product:1'));
    expect(text(cache.peek('a'))).toBe('A2');
  });

  it('a tagged memo is kept until a change touches its tags; one loading during any tagged change is not kept', async () => {
    const cache = keeping();
    let loads = 0;
    const menu = () => cache.taggedMemo('menu', async () => ({ value: ++loads, tags: ['collections'] }));
    expect(await menu()).toBe(1);
    expect(await menu()).toBe(1);
    cache.invalidate(['product:1', 'products']);
    expect(await menu()).toBe(1);
    cache.invalidate(['collections']);
    expect(await menu()).toBe(2);
    cache.invalidate();
    expect(await menu()).toBe(3);
    const gate = deferred<void>();
    const loading = cache.taggedMemo('menu2', async () => {
      await gate.promise;
      return { value: 'old', tags: ['collections'] };
    });
    cache.invalidate(['product:9']); // its tags are not known yet: it cannot be kept
    gate.resolve();
    expect(await loading).toBe('old');
    expect(await cache.taggedMemo('menu2', async () => ({ value: 'new', tags: ['collections'] }))).toBe('new');
  });

  it('evicted entries leave the tag index (a later change finds nothing of them)', async () => {
    const cache = keeping({ maxEntries: 2 });
    for (let i = 0; i < 5; i++) await cache.get(`k${i}`, tagged(String(i), `product:${i}`));
    expect(cache.keys().sort()).toEqual(['k3', 'k4']);
    cache.invalidate(['product:0', 'product:3']);
    expect(cache.keys()).toEqual(['k4']);
  });
});

describe('the database reports committed public writes (change triggers)', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  let listener: ChangeListener;
  const notices: ChangeNotice[] = [];
  let missed = 0;
  /** What arrived once every commit so far has been heard. */
  const heard = async () => {
    await listener.sync();
    return notices.length;
  };
  beforeAll(async () => {
    ({ db, dispose } = await openTestDatabase());
    listener = await openChangeListener({ source: db.changes, onChange: (n) => notices.push(n), onMissed: () => missed++ });
  });
  afterAll(async () => {
    await listener.close();
    await dispose();
  });

  it('after the commit of a transaction, never before it, and not for a rolled-back one', async () => {
    const em = db.fork();
    const before = await heard();
    await em.transactional(async (tx) => {
      tx.create(TopHeader, { text: 'Frete grátis', sort_order: 1 });
      await tx.flush();
      await tx.nativeUpdate(TopHeader, {}, { text: 'Frete grátis hoje' });
      expect(notices.length).toBe(before);
    });
    expect(await heard()).toBeGreaterThan(before);
    expect(notices.at(-1)).toEqual({ t: 'top_headers' });

    const atRollback = await heard();
    await expect(
      db.fork().transactional(async (tx) => {
        await tx.nativeDelete(TopHeader, {});
        throw new Error('desistiu');
      }),
    ).rejects.toThrow('desistiu');
    expect(await heard()).toBe(atRollback);
    expect(await db.fork().count(TopHeader, {})).toBe(1);
  });

  it('for writes outside a transaction and raw SQL, and a nested transaction at the outer commit', async () => {
    let before = await heard();
    await db.fork().getConnection().execute("update top_headers set text = 'Só hoje'");
    expect(await heard()).toBeGreaterThan(before);

    before = await heard();
    await db.fork().transactional(async (outer) => {
      await outer.transactional(async (inner) => {
        await inner.nativeUpdate(TopHeader, {}, { text: 'Aninhado' });
      });
      expect(notices.length).toBe(before);
    });
    expect(await heard()).toBeGreaterThan(before);
  });

  it('not for reads, session rows, or a statement that touched no row', async () => {
    const before = await heard();
    const missedBefore = missed; // on PostgreSQL the first LISTEN counts as missed
    await db.fork().find(TopHeader, {});
    await db.fork().nativeDelete(Session, { id: 'nenhuma' });
    await db.fork().getConnection().execute('update products set price = price where id = -1');
    await db.fork().getConnection().execute("delete from auth_throttle where updated_at < now() - interval '1 hour'");
    expect(await heard()).toBe(before);
    expect(missed).toBe(missedBefore);
  });

  it('names the products and collections a products statement touched, and the whole table past the payload limit', async () => {
    const conn = db.fork().getConnection();
    const [col] = await conn.execute<{ id: number }[]>("insert into collections (name, slug) values ('Meias', 'meias') returning id");
    const [p] = await conn.execute<{ id: number }[]>(
      `insert into products (title, slug, price, collection_id) values ('Meia', 'meia', 10, ${col?.id}) returning id`,
    );
    await heard();
    notices.length = 0;
    await conn.execute(`update products set collection_id = null where id = ${p?.id}`);
    await heard();
    expect(notices).toEqual([{ t: 'products', p: [p?.id], c: [col?.id, null] }]);
    notices.length = 0;
    await conn.execute(
      "insert into products (title, slug, price) select 'Produto ' || i, 'produto-em-massa-' || i, 1 from generate_series(1, 2000) i",
    );
    await heard();
    expect(notices).toEqual([{ t: 'products' }]);
  });
});
