import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { ChangeSource } from '../../src/db/database.ts';
import type { ChangeNotice } from './tags.ts';

/**
 * Hears the database's change triggers (every committed write to a public table, whoever made
 * it: this process, another instance, an operator in `psql`) and hands each notice over.
 *
 * On PostgreSQL, a dedicated connection LISTENs. It comes back by itself when it drops (growing
 * delays, up to 30 s); since notifications may have been missed meanwhile, a (re)connection counts
 * as "anything may have changed" (`onMissed`). A connection that died silently (a failover, a NAT
 * or firewall forgetting it: no FIN, no RST) is noticed too: TCP keep-alive on the socket, and a
 * `select 1` every `heartbeatMs` that must answer within `timeoutMs`, else the connection is
 * dropped and the reconnect path above takes over. On PGlite, the instance itself delivers them.
 *
 * `sync()` is what makes a write visible on the very next request: it resolves once every change
 * committed before the call has been applied here. On PGlite that is already so (PGlite hands a
 * transaction's notifications to its listeners before the COMMIT returns). On PostgreSQL the
 * notifications come on another connection, later: sync() sends a notice of its own through the
 * pool and waits for it on the listening connection; PostgreSQL delivers notifications in commit
 * order, so by then every earlier commit's notices have been applied. Not listening, or no echo
 * within `syncTimeoutMs`: `onMissed` (everything goes) and it resolves.
 */
export type ChangeListener = {
  sync(): Promise<void>;
  close(): Promise<void>;
};

export type ListenerOptions = {
  source: ChangeSource;
  /** A committed change (tags.ts turns it into what to drop). */
  onChange: (notice: ChangeNotice) => void;
  /** Changes may have been missed: drop everything. */
  onMissed: () => void;
  onError?: (err: Error) => void;
  /** How often the listening connection is checked with `select 1` (default 30 s). */
  heartbeatMs?: number;
  /** How long a check, or connecting and LISTEN, may take before the connection counts as lost (default 10 s). */
  timeoutMs?: number;
  /** How long sync() waits for its echo (default 2 s). */
  syncTimeoutMs?: number;
};

const MAX_DELAY_MS = 30_000;
const HEARTBEAT_MS = 30_000;
const TIMEOUT_MS = 10_000;
const SYNC_TIMEOUT_MS = 2_000;

/** Parses a payload: a trigger's notice, a sync echo, or null for anything unreadable. */
function parse(payload: string): ChangeNotice | { sync: string } | null {
  try {
    const v = JSON.parse(payload) as unknown;
    if (v && typeof v === 'object' && (typeof (v as ChangeNotice).t === 'string' || typeof (v as { sync?: unknown }).sync === 'string')) {
      return v as ChangeNotice | { sync: string };
    }
  } catch {}
  return null;
}

export async function openChangeListener(o: ListenerOptions): Promise<ChangeListener> {
  const waiting = new Map<string, () => void>();
  const deliver = (payload: string) => {
    const n = parse(payload);
    if (n === null) return o.onMissed();
    if ('sync' in n) return waiting.get(n.sync)?.();
    o.onChange(n);
  };
  const source = o.source;
  if (source.kind === 'embedded') {
    const stop = await source.listen(deliver);
    return { sync: async () => {}, close: stop };
  }
  return listenOnServer(source, o, deliver, waiting);
}

async function listenOnServer(
  source: Extract<ChangeSource, { kind: 'server' }>,
  o: ListenerOptions,
  deliver: (payload: string) => void,
  waiting: Map<string, () => void>,
): Promise<ChangeListener> {
  const { channel } = source;
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
      connectionString: source.url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: timeoutMs,
      // A query without an answer in time (the heartbeat, LISTEN) fails; the client is then dropped.
      query_timeout: timeoutMs,
    });
    c.on('notification', (n) => {
      if (n.channel === channel) deliver(n.payload ?? '');
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
    o.onMissed();
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

  const sync = async (): Promise<void> => {
    if (closed) return;
    if (!listening) return o.onMissed();
    const token = randomBytes(8).toString('hex');
    let timeout: NodeJS.Timeout | undefined;
    const echoed = new Promise<boolean>((resolve) => {
      waiting.set(token, () => resolve(true));
      timeout = setTimeout(() => resolve(false), o.syncTimeoutMs ?? SYNC_TIMEOUT_MS);
      // Bounded by the timeout even when the database does not answer at all.
      source.notify(JSON.stringify({ sync: token })).catch((err: unknown) => {
        report(err);
        resolve(false);
      });
    });
    try {
      if (!(await echoed)) o.onMissed();
    } finally {
      clearTimeout(timeout);
      waiting.delete(token);
    }
  };

  return {
    sync,
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
