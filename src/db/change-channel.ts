import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Tells the other app instances on the same PostgreSQL database that this one committed a public
 * write, and hears theirs: NOTIFY on one channel, LISTEN on a dedicated connection.
 *
 * The listening connection comes back by itself when it drops (growing delays, up to 30 s); since
 * notifications may have been missed meanwhile, a (re)connection counts as a change too.
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
};

const MAX_DELAY_MS = 30_000;

export const channelName = (schema?: string) => `shop_changes${schema ? `_${schema.replace(/\W/g, '_').toLowerCase()}` : ''}`.slice(0, 63);

export async function openChangeChannel(o: ChannelOptions): Promise<ChangeChannel> {
  const channel = channelName(o.schema);
  const self = randomBytes(8).toString('hex');
  let client: pg.Client | null = null;
  let closed = false;
  let delay = 500;
  let timer: NodeJS.Timeout | null = null;
  const report = (err: unknown) => o.onError?.(err instanceof Error ? err : new Error(String(err)));

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: o.url });
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
    delay = 500;
    // Whatever happened while we were not listening is unknown: treat it as changed.
    o.onRemoteChange();
  };

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
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
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
