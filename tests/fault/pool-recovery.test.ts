import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import pg from 'pg';
import { png } from '../helpers/images.ts';
import { createStore, login, type Outcome, onPostgres, type Shop, type Store, sleep, startShop, tally } from './harness.ts';
import { type PgProxy, startPgProxy } from './pg-proxy.ts';

/**
 * Connections lost in the middle of a transaction (issue 15, item 1): before the pool guard, each
 * connection cut during BEGIN, COMMIT or ROLLBACK kept its pool slot for good; after ten the shop
 * answered nothing that touched the database, /healthz still said 200 and SIGTERM overran its grace.
 */

let store: Store | undefined;
let shop: Shop | undefined;
let proxy: PgProxy | undefined;
afterEach(async () => {
  await shop?.stop();
  await proxy?.close();
  await store?.remove();
  shop = proxy = store = undefined;
});

/** An HTTP exchange that gives up after `ms` (a hang is an outcome here, not a stuck test). */
async function exchange(url: string, init: RequestInit = {}, ms = 10_000): Promise<Outcome> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
  } catch (e) {
    return { error: (e as Error).name === 'TimeoutError' ? 'HANG' : (e as Error).message };
  }
}

function createCollection(s: Shop, cookie: string, name: string, ms = 10_000, key?: string): Promise<Outcome> {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: s.url, cookie };
  if (key) headers['idempotency-key'] = key;
  return exchange(`${s.url}/api/collections/create.php`, { method: 'POST', headers, body: JSON.stringify({ name }) }, ms);
}

const statusOf = (o: Outcome) => ('status' in o ? o.status : o.error);

/** 200, or 503 with Retry-After and the shop's {error}: what a request caught in a cut may answer. */
const valid = (o: Outcome) =>
  'status' in o && (o.status === 200 || (o.status === 503 && o.retryAfter !== null && JSON.parse(o.body).error));

/** Polls until /readyz answers 200; the milliseconds it took, or null past `ms`. */
async function readyWithin(s: Shop, ms: number): Promise<number | null> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    const o = await exchange(`${s.url}/readyz`, {}, ms);
    if ('status' in o && o.status === 200) return Date.now() - start;
    await sleep(100);
  }
  return null;
}

/** Two writers create collections until the proxy has cut `cuts` connections; their outcomes. */
async function writeThroughCuts(s: Shop, p: PgProxy, cookie: string, cuts: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const deadline = Date.now() + 60_000;
  await Promise.all(
    [0, 1].map(async (w) => {
      for (let n = 0; p.cuts() < cuts && Date.now() < deadline; n++) {
        const o = await createCollection(s, cookie, `Corte ${w}-${n}`);
        outcomes.push(o);
        if ('error' in o) return; // hung: the pool is wedged; the assertions below say so
      }
    }),
  );
  return outcomes;
}

/** Waits until `n` of the shop's backends wait for a lock (the requests holding the pool's connections). */
async function waitForLockWaiters(client: pg.Client, dbName: string | undefined, n: number): Promise<void> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(50)) {
    const r = await client.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [
      dbName,
    ]);
    if (r.rows[0].n >= n) return;
  }
  const r = await client.query(`select state, wait_event_type, left(query, 50) as q from pg_stat_activity where datname = $1`, [dbName]);
  throw new Error(`fewer than ${n} requests waiting for the lock: ${JSON.stringify(r.rows)}`);
}

async function shopBehindProxy(env: Record<string, string> = {}): Promise<{ s: Shop; p: PgProxy; cookie: string }> {
  store = await createStore();
  proxy = await startPgProxy(store.databaseUrl ?? '');
  shop = await startShop(store, { DATABASE_URL: proxy.url, SEED_DEMO: 'false', ...env });
  return { s: shop, p: proxy, cookie: await login(shop) };
}

describe('connections lost inside a transaction (PostgreSQL)', { skip: !onPostgres && 'needs TEST_DATABASE_URL' }, () => {
  for (const point of [
    { name: 'at BEGIN', statement: /^\s*begin\b/i, when: 'before' as const },
    { name: 'at COMMIT, before it reaches the server', statement: /^\s*commit\b/i, when: 'before' as const },
    { name: 'at COMMIT, after the server committed', statement: /^\s*commit\b/i, when: 'after' as const },
  ]) {
    it(`12 connections cut ${point.name}: each write answers 200 or 503, and the shop is ready and writes again within seconds`, async (t) => {
      const { s, p, cookie } = await shopBehindProxy();
      p.arm({ statement: point.statement, when: point.when, count: 12 }); // more than the pool's 10 connections
      const outcomes = await writeThroughCuts(s, p, cookie, 12);
      t.diagnostic(`${p.cuts()} connections cut; writes: ${tally(outcomes)}`);
      assert.equal(p.cuts(), 12, 'the proxy cut 12 connections');
      assert.deepEqual(
        outcomes.filter((o) => !valid(o)),
        [],
        `writes answer 200 or 503 + Retry-After, never hang: ${tally(outcomes)}`,
      );
      const took = await readyWithin(s, 5_000);
      assert.notEqual(took, null, '/readyz answers 200 within 5 s');
      const again = await createCollection(s, cookie, 'Depois do corte');
      assert.ok('status' in again && again.status === 200, `a write after the cuts: ${tally([again])}`);
      assert.equal(statusOf(await exchange(`${s.url}/healthz`)), 200);
      assert.equal(await s.stop(), 0, 'SIGTERM still stops the process cleanly');
    });
  }

  it('a create whose COMMIT landed but whose answer was lost answers 200 when it carries an Idempotency-Key; its retry creates nothing', async () => {
    const { s, p, cookie } = await shopBehindProxy();
    const named = async (name: string) =>
      (await store?.query<{ n: string }>(`select count(*)::text as n from collections where name = '${name}'`))?.[0]?.n;
    p.arm({ statement: /^\s*commit\b/i, when: 'after', count: 1 });
    const first = await createCollection(s, cookie, 'Chave salva', 10_000, 'fault-key-1');
    assert.equal(p.cuts(), 1, 'the COMMIT was cut after the server ran it');
    assert.equal(statusOf(first), 200, `the outcome is known (the key's row committed with it): ${tally([first])}`);
    const retry = await createCollection(s, cookie, 'Chave salva', 10_000, 'fault-key-1');
    assert.equal(statusOf(retry), 200);
    assert.equal(
      JSON.parse((retry as { body: string }).body).id,
      JSON.parse((first as { body: string }).body).id,
      'the retry answers the same collection',
    );
    assert.equal(await named('Chave salva'), '1', 'one row');
    // Cut before BEGIN: nothing was written, the 503 says so, and the retry with the same key creates it once.
    p.arm({ statement: /^\s*begin\b/i, when: 'before', count: 1 });
    const cut = await createCollection(s, cookie, 'Chave cortada', 10_000, 'fault-key-2');
    assert.ok(statusOf(cut) === 503 && 'status' in cut && cut.retryAfter === '5', `cut at BEGIN: ${tally([cut])}`);
    assert.equal(await named('Chave cortada'), '0');
    assert.equal(statusOf(await createCollection(s, cookie, 'Chave cortada', 10_000, 'fault-key-2')), 200);
    assert.equal(statusOf(await createCollection(s, cookie, 'Chave cortada', 10_000, 'fault-key-2')), 200);
    assert.equal(await named('Chave cortada'), '1');
  });

  it('a gallery upload whose COMMIT landed but whose answer was lost: with its Idempotency-Key, the retry adds no image twice', async () => {
    const { s, p, cookie } = await shopBehindProxy();
    const headers = { origin: s.url, cookie };
    const created = await exchange(`${s.url}/api/products/create.php`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Caneca', price: '19.90' }),
    });
    const productId = JSON.parse((created as { body: string }).body).id;
    const photos = await Promise.all(['#aa0000', '#00aa00', '#0000aa'].map((c) => png(c)));
    const upload = (key: string) => {
      const form = new FormData();
      form.append('product_id', String(productId));
      for (const [i, data] of photos.entries())
        form.append('files[]', new File([new Uint8Array(data)], `foto-${i}.png`, { type: 'image/png' }));
      return exchange(`${s.url}/api/products/images/bulk_upload.php`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': key },
        body: form,
      });
    };
    const images = async () =>
      (await store?.query<{ n: string }>(`select count(*)::text as n from product_images where product_id = ${productId}`))?.[0]?.n;
    p.arm({ statement: /^\s*commit\b/i, when: 'after', count: 1 });
    const first = await upload('fault-gallery-1');
    assert.equal(p.cuts(), 1, 'the COMMIT was cut after the server ran it');
    assert.equal(statusOf(first), 200, `the outcome is known: ${tally([first])}`);
    const retry = await upload('fault-gallery-1');
    assert.equal(statusOf(retry), 200);
    assert.equal(await images(), '3', 'three images, once');
    // Cut before BEGIN: nothing written, 503; the retry with the same key adds them once.
    p.arm({ statement: /^\s*begin\b/i, when: 'before', count: 1 });
    const cut = await upload('fault-gallery-2');
    assert.ok(statusOf(cut) === 503, `cut at BEGIN: ${tally([cut])}`);
    assert.equal(await images(), '3');
    assert.equal(statusOf(await upload('fault-gallery-2')), 200);
    assert.equal(statusOf(await upload('fault-gallery-2')), 200);
    assert.equal(await images(), '6');
  });

  it('backends terminated every 100 ms while two writers create collections: the shop recovers by itself', async (t) => {
    store = await createStore();
    shop = await startShop(store, { SEED_DEMO: 'false' });
    const s = shop;
    const cookie = await login(s);
    const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await killer.connect();
    let running = true;
    let killed = 0;
    const kills = (async () => {
      while (running) {
        const r = await killer.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and state <> 'idle'`,
          [store?.dbName],
        );
        killed += r.rowCount ?? 0;
        await sleep(100);
      }
    })();
    const outcomes: Outcome[] = [];
    const writers = [0, 1].map(async (w) => {
      for (let n = 0; running; n++) {
        const o = await createCollection(s, cookie, `Escritor ${w}-${n}`);
        outcomes.push(o);
        if ('error' in o) return;
      }
    });
    await sleep(6_000);
    running = false;
    await Promise.all([kills, ...writers]);
    await killer.end();
    t.diagnostic(`${killed} backends terminated; writes: ${tally(outcomes)}`);
    assert.ok(killed > 0, 'backends were terminated');
    assert.deepEqual(
      outcomes.filter((o) => !valid(o)),
      [],
      `writes answer 200 or 503 + Retry-After: ${tally(outcomes)}`,
    );
    assert.notEqual(await readyWithin(s, 5_000), null, '/readyz answers 200 within 5 s');
    const again = await createCollection(s, cookie, 'Depois das mortes');
    assert.ok('status' in again && again.status === 200, `a write afterwards: ${tally([again])}`);
  });

  it('with every connection held, a request waits at most the acquire timeout and answers 503; /readyz too', async () => {
    store = await createStore();
    shop = await startShop(store, { SEED_DEMO: 'true', DATABASE_POOL_MAX: '1', DATABASE_ACQUIRE_TIMEOUT_MS: '700' });
    const s = shop;
    // A read stuck behind a lock holds the pool's only connection.
    const locker = new pg.Client({ connectionString: store.databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table products in access exclusive mode');
      const stuck = [exchange(`${s.url}/api/products/list.php?limit=1`, {}, 30_000)];
      await waitForLockWaiters(locker, store.dbName, 1);
      const start = Date.now();
      const [read, ready] = await Promise.all([exchange(`${s.url}/api/collections/list.php`), exchange(`${s.url}/readyz`)]);
      const took = Date.now() - start;
      assert.ok('status' in read && read.status === 503 && read.retryAfter === '5', `a read without a connection: ${tally([read])}`);
      assert.equal(
        JSON.parse((read as { body: string }).body).error,
        'Serviço temporariamente indisponível. Tente novamente em instantes.',
      );
      assert.ok('status' in ready && ready.status === 503, `/readyz without a connection: ${tally([ready])}`);
      assert.ok(took < 3_000, `answered in ${took} ms (acquire timeout 700 ms)`);
      await locker.query('rollback');
      const released = await Promise.all(stuck);
      assert.ok(
        released.every((o) => 'status' in o && o.status === 200),
        `the held read finishes once the lock goes: ${tally(released)}`,
      );
      assert.notEqual(await readyWithin(s, 3_000), null, 'ready again once the lock goes');
    } finally {
      await locker.end();
    }
  });

  it('/healthz fails once the pool has served nobody for DATABASE_STALL_MS while requests wait, and not before', async () => {
    store = await createStore();
    shop = await startShop(store, {
      SEED_DEMO: 'true',
      DATABASE_POOL_MAX: '1',
      DATABASE_ACQUIRE_TIMEOUT_MS: '500',
      DATABASE_STALL_MS: '2000',
    });
    const s = shop;
    const locker = new pg.Client({ connectionString: store.databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table products in access exclusive mode');
      const stuck = exchange(`${s.url}/api/products/list.php?limit=9`, {}, 30_000);
      await waitForLockWaiters(locker, store.dbName, 1);
      assert.equal(statusOf(await exchange(`${s.url}/readyz`)), 503, 'readiness fails at once');
      assert.equal(statusOf(await exchange(`${s.url}/healthz`)), 200, 'liveness holds while the stall is young');
      // Requests keep waiting and timing out; nothing is served for more than 2 s.
      for (let i = 0; i < 4; i++) {
        await exchange(`${s.url}/readyz`);
        await sleep(300);
      }
      const live = await exchange(`${s.url}/healthz`);
      assert.ok('status' in live && live.status === 503, `liveness after 2 s without progress: ${tally([live])}`);
      await locker.query('rollback');
      await stuck;
      assert.notEqual(await readyWithin(s, 3_000), null);
      const healthy = await exchange(`${s.url}/healthz`);
      assert.ok('status' in healthy && healthy.status === 200, `liveness once connections come back: ${tally([healthy])}`);
    } finally {
      await locker.end();
    }
  });

  it('/healthz stays 200 while the database is down (a restart would not help)', async () => {
    store = await createStore();
    proxy = await startPgProxy(store.databaseUrl ?? '');
    shop = await startShop(store, {
      DATABASE_URL: proxy.url,
      SEED_DEMO: 'false',
      DATABASE_ACQUIRE_TIMEOUT_MS: '500',
      DATABASE_STALL_MS: '1500',
    });
    const s = shop;
    await proxy.close(); // connections refused from now on
    for (let i = 0; i < 8; i++) {
      const ready = await exchange(`${s.url}/readyz`);
      assert.ok('status' in ready && ready.status === 503, `readiness while down: ${tally([ready])}`);
      await sleep(250);
    }
    const live = await exchange(`${s.url}/healthz`);
    assert.ok('status' in live && live.status === 200, `liveness while the database is down: ${tally([live])}`);
  });
});
