import assert from 'node:assert/strict';
import { Agent } from 'node:http';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { agentGet, createStore, type Outcome, onPostgres, type Shop, type Store, sleep, startShop, tally } from './harness.ts';

let store: Store;
let shop: Shop;
before(async () => {
  if (!onPostgres) return;
  store = await createStore();
  shop = await startShop(store, { SEED_DEMO: 'true' });
});
after(async () => {
  await shop?.stop();
  await store?.remove();
});

/** Terminates every backend of the shop's database from a separate connection (as a failover does). */
async function cutConnections(dbName: string): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const r = await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      dbName,
    ]);
    return r.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

describe('database connections terminated under load (PostgreSQL)', { skip: !onPostgres && 'needs TEST_DATABASE_URL' }, () => {
  it('answers 503 with Retry-After only at the cut, never a 500, and recovers without a restart', async (t) => {
    const [product] = (await (await fetch(`${shop.url}/api/products/list.php?limit=1`)).json()) as { slug: string }[];
    const [collection] = (await (await fetch(`${shop.url}/api/collections/list.php`)).json()) as { slug: string }[];
    assert.ok(product && collection, 'the demo has a product and a collection');
    const search = (n: number) => `/trpc/catalog.products?input=${encodeURIComponent(JSON.stringify({ q: `cam ${n}`, limit: 8 }))}`;
    // Answers kept by the cache and, every time, pages and a search never asked before: the
    // storefront's named statements (src/db/prepared-statements.ts) on the connections being cut.
    const paths: ((n: number) => string)[] = [
      () => '/api/products/list.php',
      () => '/',
      () => '/trpc/settings.get',
      () => '/settings/get.php',
      () => '/trpc/collections.list',
      (n) => `/produto/${product.slug}?v=${n}`,
      (n) => `/colecao/${collection.slug}?max=${600 + n}`,
      search,
    ];
    const valid = (o: Outcome) =>
      'status' in o && (o.status === 200 || (o.status === 503 && o.retryAfter !== null && JSON.parse(o.body).error !== undefined));
    const outcomes: Outcome[] = [];
    let running = true;
    const agents = Array.from({ length: 12 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    const clients = agents.map(async (agent, i) => {
      for (let n = 0; running; n++) outcomes.push(await agentGet(`${shop.url}${paths[(i + n) % paths.length]?.(1000 * i + n)}`, agent));
    });
    try {
      await sleep(1_000);
      let cut = 0;
      for (let round = 0; round < 3; round++) {
        cut += await cutConnections(store.dbName ?? '');
        await sleep(700);
      }
      await sleep(1_000);
      running = false;
      await Promise.all(clients);
      t.diagnostic(`${cut} backends terminated; answers: ${tally(outcomes)}`);
      assert.ok(cut > 0, 'backends were terminated');
      const bad = outcomes.filter((o) => !valid(o));
      assert.deepEqual(bad, [], `only 200, or 503 with Retry-After and {error}: ${tally(outcomes)}`);
      // Without a restart, the server serves normally again and says it is ready.
      const afterwards = await Promise.all(paths.map((p) => agentGet(`${shop.url}${p(1_000_000)}`, new Agent())));
      assert.ok(
        afterwards.every((o) => 'status' in o && o.status === 200),
        `after the cut: ${tally(afterwards)}`,
      );
      assert.equal((await fetch(`${shop.url}/readyz`)).status, 200);
    } finally {
      running = false;
      for (const a of agents) a.destroy();
    }
  });
});
