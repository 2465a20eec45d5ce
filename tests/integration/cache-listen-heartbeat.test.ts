import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChangeListener, openChangeListener } from '../../server/public-cache/change-listener.ts';
import { changeChannel } from '../../src/db/database.ts';
import { TEST_DATABASE_URL } from '../helpers/pg.ts';

/**
 * The LISTEN connection of the change listener dies silently (no FIN, no RST: a failover, a NAT
 * forgetting the connection): a TCP proxy between it and PostgreSQL stops forwarding. The
 * heartbeat notices, drops the connection and listens again, which counts as a change; the
 * notifications of other instances arrive again afterwards.
 */
describe.runIf(TEST_DATABASE_URL)('the change listener over a connection that went silent (PostgreSQL)', () => {
  const target = new URL(TEST_DATABASE_URL ?? 'postgres://x');
  const pairs: { client: Socket; upstream: Socket }[] = [];
  let proxy: Server;
  let port = 0;

  beforeAll(async () => {
    proxy = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      pairs.push({ client, upstream });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    port = (proxy.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const p of pairs) {
      p.client.destroy();
      p.upstream.destroy();
    }
    await new Promise((r) => proxy.close(r));
  });

  /** Stops every connection open through the proxy from carrying anything, without closing it. */
  function blackhole(): void {
    for (const { client, upstream } of pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  const until = async (what: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!what() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    return what();
  };

  it('is noticed by the heartbeat, reconnected, counted as a change, and hears notifications again', async () => {
    const url = new URL(TEST_DATABASE_URL ?? '');
    url.host = `127.0.0.1:${port}`;
    const schema = `heartbeat_${randomBytes(4).toString('hex')}`;
    const sender = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await sender.connect();
    let changes = 0;
    const errors: Error[] = [];
    let channel: ChangeListener | null = null;
    try {
      channel = await openChangeListener({
        source: {
          kind: 'server',
          channel: changeChannel(schema),
          url: url.toString(),
          notify: async (payload) => void (await sender.query('select pg_notify($1, $2)', [changeChannel(schema), payload])),
        },
        onChange: () => changes++,
        onMissed: () => changes++,
        onError: (e) => errors.push(e),
        heartbeatMs: 100,
        timeoutMs: 400,
      });
      expect(changes).toBe(1); // the first LISTEN counts as a change
      const notify = () => sender.query('select pg_notify($1, $2)', [changeChannel(schema), '{"t":"settings"}']);
      await notify();
      expect(await until(() => changes === 2, 2000)).toBe(true);

      const opened = pairs.length;
      blackhole();
      await notify(); // lost in the silent connection
      // The heartbeat finds the connection silent, drops it and listens again through the proxy.
      expect(await until(() => changes >= 3, 5000)).toBe(true);
      expect(pairs.length).toBeGreaterThan(opened);
      expect(errors.some((e) => /timeout/i.test(e.message))).toBe(true);

      const now = changes;
      await notify();
      expect(await until(() => changes === now + 1, 2000)).toBe(true);
    } finally {
      await channel?.close();
      await sender.end();
    }
  });
});
