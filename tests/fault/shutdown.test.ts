import assert from 'node:assert/strict';
import { Agent } from 'node:http';
import { after, before, describe, it } from 'node:test';
import {
  agentGet,
  createStore,
  login,
  type Outcome,
  onPostgres,
  rawGet,
  type Shop,
  type Store,
  sleep,
  startShop,
  tally,
} from './harness.ts';

const DRAIN_MS = 4_000;
const GRACE_MS = 60_000;

let store: Store;
let shop: Shop;
before(async () => {
  store = await createStore();
  shop = await startShop(store, { SHUTDOWN_DRAIN_MS: String(DRAIN_MS), SHUTDOWN_GRACE_MS: String(GRACE_MS) });
});
after(async () => {
  await shop?.stop();
  await store?.remove();
});

describe(`the real server process on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('two admins deleting each other at the same moment leave one admin who can still sign in', async () => {
    const owner = await login(shop);
    const second = { username: 'socia_falhas', password: 'senha-da-socia' };
    const post = (path: string, cookie: string, body: object = {}) =>
      fetch(`${shop.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: shop.url, cookie },
        body: JSON.stringify(body),
      });
    assert.equal((await post('/auth/create_user.php', owner, second)).status, 200);
    const secondCookie = await login(shop, second);
    const users = (await (await fetch(`${shop.url}/auth/list_users.php`, { headers: { cookie: owner } })).json()) as {
      id: number;
      username: string;
    }[];
    const ownerId = users.find((u) => u.username !== second.username)?.id;
    const secondId = users.find((u) => u.username === second.username)?.id;
    const [a, b] = await Promise.all([
      post(`/auth/delete_user.php?id=${secondId}`, owner),
      post(`/auth/delete_user.php?id=${ownerId}`, secondCookie),
    ]);
    const codes = [a.status, b.status].sort();
    assert.equal(codes[0], 200, 'one of the two deletes succeeds');
    assert.ok((codes[1] ?? 0) >= 400 && (codes[1] ?? 0) < 500, `the other is refused with a 4xx (got ${codes[1]})`);
    // Whoever is left can still sign in: the shop is never without an administrator.
    const survivors = (await (
      await fetch(`${shop.url}/auth/list_users.php`, { headers: { cookie: a.status === 200 ? owner : secondCookie } })
    ).json()) as unknown[];
    assert.equal(survivors.length, 1);
    const creds = a.status === 200 ? undefined : second;
    assert.ok(await login(shop, creds), 'the remaining admin signs in');
  });

  it('SIGTERM under load: every request already sent is answered, /readyz says 503 while draining, exit 0', async () => {
    const products = (await (await fetch(`${shop.url}/api/products/list.php`)).json()) as { slug: string }[];
    const paths = ['/', '/api/products/list.php', `/produto/${products[0]?.slug ?? 'x'}`, '/settings/get.php'];
    const pathOf = (i: number) => paths[i % paths.length] ?? '/';
    const ok = (o: Outcome) => 'status' in o && o.status === 200;

    // 60 keep-alive clients with an open connection (one answered request each)...
    const agents = Array.from({ length: 60 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    try {
      const warm = await Promise.all(agents.map((a, i) => agentGet(`${shop.url}${pathOf(i)}`, a)));
      assert.ok(warm.every(ok), `warm-up: ${tally(warm)}`);
      // ...each with a request in flight on it, and 60 fresh connections that have written theirs.
      const inFlight = agents.map((a, i) => agentGet(`${shop.url}${pathOf(i + 1)}`, a));
      const fresh = Array.from({ length: 60 }, (_, i) => rawGet(shop.port, pathOf(i)));
      await Promise.all(fresh.map((f) => f.written));
      const signalledAt = Date.now();
      shop.kill('SIGTERM');

      // While draining: not ready, yet new requests are still answered. A signal and a connection
      // made after it by another process are not ordered (the kernel may run the server's signal
      // handler after the server has read the new request), so /readyz is asked until it has
      // noticed, which must happen well within the drain delay.
      const readyDuringDrain = async (): Promise<{ ready: Outcome; sinceSignalMs: number }> => {
        for (;;) {
          const ready = await rawGet(shop.port, '/readyz').outcome;
          const sinceSignalMs = Date.now() - signalledAt;
          if (('status' in ready && ready.status === 503) || sinceSignalMs > DRAIN_MS / 2) return { ready, sinceSignalMs };
          await sleep(25);
        }
      };
      const [{ ready, sinceSignalMs }, ...duringDrain] = await Promise.all([
        readyDuringDrain(),
        ...Array.from({ length: 8 }, (_, i) => rawGet(shop.port, pathOf(i)).outcome),
      ]);
      assert.ok(
        'status' in ready && ready.status === 503,
        `/readyz while draining (${sinceSignalMs} ms after the signal): ${JSON.stringify(ready)}`,
      );

      const keepAlive = await Promise.all(inFlight);
      const freshOutcomes = await Promise.all(fresh.map((f) => f.outcome));
      const { code, signal } = await shop.exited;
      const tookMs = Date.now() - signalledAt;
      assert.ok(keepAlive.every(ok), `keep-alive requests in flight at the signal: ${tally(keepAlive)}`);
      assert.ok(freshOutcomes.every(ok), `fresh connections written before the signal: ${tally(freshOutcomes)}`);
      assert.ok(duringDrain.every(ok), `new connections during the drain delay: ${tally(duringDrain)}`);
      assert.equal(signal, null);
      assert.equal(code, 0, shop.output());
      assert.ok(tookMs >= DRAIN_MS, `the process waited the drain delay (${tookMs} ms)`);
      assert.ok(tookMs < GRACE_MS, `and exited within the grace period (${tookMs} ms)`);
      // After the drain the listener is closed: new connections are refused, not accepted and dropped.
      assert.deepEqual(await rawGet(shop.port, '/').outcome, { error: 'ECONNREFUSED' });
    } finally {
      for (const a of agents) a.destroy();
    }
  });
});
