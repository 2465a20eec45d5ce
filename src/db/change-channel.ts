import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Tells the other app instances on the same PostgreSQL database that this one committed a public
 * write, and hears theirs: NOTIFY on one channel, LISTEN on a dedicated connection.
 *
 * The listening connection comes back by itself when it drops (growing delays, up to 30 s); since
 * notifications may have been missed meanwhile, a (re)connection counts as a change too. A
 * connection that died silently (a failover, a NAT or firewall forgetting it: no FIN, no RST) is
 * noticed too: TCP keep-alive on the socket, and a `select 1` every `heartbeatMs` that must answer
 * within `timeoutMs`, else the connection is dropped and the reconnect path above takes over.
 */
export type ChangeChannel = {
  /** Announces a committed write of this instance (through the ORM's pool: `send`). */
  announce(): void;
  close(): Promise<void>;
};

export type ChannelOptions = {
  url: string;
  schema?: string;
  /** Sends `select pg_notify($1, $2)` through the application's own pool. */
  send: (channel: string, payload: string) => Promise<void>;
  /** Another instance changed something, or notifications may have been missed. */
  onRemoteChange: () => void;
  onError?: (err: Error) => void;
  /** How often the listening connection is checked with `select 1` (default 30 s). */
  heartbeatMs?: number;
  /** How long a check, or connecting and LISTEN, may take before the connection counts as lost (default 10 s). */
  timeoutMs?: number;
};

const MAX_DELAY_MS = 30_000;
const HEARTBEAT_MS = 30_000;
const TIMEOUT_MS = 10_000;

export const channelName = (schema?: string) => `shop_changes${schema ? `_${schema.replace(/\W/g, '_').toLowerCase()}` : ''}`.slice(0, 63);

export async function openChangeChannel(o: ChannelOptions): Promise<ChangeChannel> {
  const channel = channelName(o.schema);
  const self = randomBytes(8).toString('hex');
  let client: pg.Client | null = null;
  let closed = false;
  let delay = 500;
  let timer: NodeJS.Timeout | null = null;
  /** The client once it listens (null while connecting or waiting to reconnect). */
  let listening: pg.Client | null = null;
  let checking = false;
  const timeoutMs = o.timeoutMs ?? TIMEOUT_MS;
  const report = (err: unknown) => o.onError?.(err instanceof Error ? err : new Error(String(err)));

  const connect = async (): Promise<void> => {
    const c = new pg.Client({
      connectionString: o.url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: timeoutMs,
      // A query without an answer in time (the heartbeat, LISTEN) fails; the client is then dropped.
      query_timeout: timeoutMs,
    });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== self) o.onRemoteChange();
    });
    c.on('error', (err) => {
      report(err);
      lost(c);
    });
    c.on('end', () => lost(c));
    client = c;
    try {
      await c.connect();
      await c.query(`listen "${channel}"`);
    } catch (err) {
      report(err);
      lost(c);
      return;
    }
    if (closed) return void c.end().catch(() => {});
    if (client !== c) return; // lost while LISTEN was under way: a reconnect is scheduled
    listening = c;
    delay = 500;
    // Whatever happened while we were not listening is unknown: treat it as changed.
    o.onRemoteChange();
  };

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    listening = null;
    c.removeAllListeners('notification');
    c.end().catch(() => {});
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      if (!closed) void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  };

  // The heartbeat: a connection that no longer answers is treated as dropped (ended, reconnected).
  const heartbeat = setInterval(() => {
    const c = listening;
    if (!c || checking || closed) return;
    checking = true;
    c.query('select 1')
      .catch((err: unknown) => {
        report(err);
        lost(c);
      })
      .finally(() => {
        checking = false;
      });
  }, o.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  await connect();

  const announce = (attempt = 0): void => {
    if (closed) return;
    o.send(channel, self).catch((err) => {
      report(err);
      if (attempt < 3) setTimeout(() => announce(attempt + 1), 200 * 2 ** attempt).unref();
    });
  };

  return {
    announce: () => announce(),
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      listening = null;
      // Bounded: ending a connection that died silently waits for an answer that never comes.
      await Promise.race([c?.end().catch(() => {}), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    },
  };
}
