import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the shop and PostgreSQL that cuts connections at a chosen statement, the way
 * a killed backend, a failover or a network drop does, but at an exact point of a transaction:
 * - `before`: the statement never reaches the server (the transaction is rolled back by the server);
 * - `after`: the statement reaches the server and runs; its answer is lost (for COMMIT: the data is
 *   committed, the shop sees a lost connection).
 * It reads the client's protocol messages: simple queries ('Q') and parse messages ('P') carry the SQL.
 */
export type Cut = { statement: RegExp; when: 'before' | 'after'; count: number };

export type PgProxy = {
  url: string;
  /** Cuts the next `count` connections that send a statement matching `statement`. */
  arm(cut: Cut): void;
  /** How many connections were cut so far. */
  cuts(): number;
  close(): Promise<void>;
};

function sqlOf(type: number, body: Buffer): string | null {
  if (type === 0x51) return body.toString('utf8', 0, body.indexOf(0)); // 'Q': query text
  if (type === 0x50) {
    // 'P': statement name (cstring), then query text (cstring)
    const nameEnd = body.indexOf(0);
    return body.toString('utf8', nameEnd + 1, body.indexOf(0, nameEnd + 1));
  }
  return null;
}

export async function startPgProxy(databaseUrl: string): Promise<PgProxy> {
  const target = new URL(databaseUrl);
  const armed: Cut[] = [];
  let cuts = 0;
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    const upstream = connect({ host: target.hostname, port: Number(target.port || 5432) });
    sockets.add(client);
    sockets.add(upstream);
    let pending = Buffer.alloc(0);
    let started = false;
    let dropAnswers = false;
    const cut = () => {
      cuts++;
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      const out: Buffer[] = [];
      for (;;) {
        if (!started) {
          // Startup (and SSL request): int32 length, no type byte.
          if (pending.length < 4) break;
          const len = pending.readInt32BE(0);
          if (pending.length < len) break;
          out.push(pending.subarray(0, len));
          pending = pending.subarray(len);
          // An SSL request is answered with one byte and followed by the real startup message.
          if (len !== 8) started = true;
          continue;
        }
        if (pending.length < 5) break;
        const len = pending.readInt32BE(1);
        if (pending.length < len + 1) break;
        const msg = pending.subarray(0, len + 1);
        pending = pending.subarray(len + 1);
        const sql = sqlOf(msg[0] as number, msg.subarray(5));
        const i = sql === null ? -1 : armed.findIndex((c) => c.statement.test(sql));
        const hit = armed[i];
        if (hit) {
          if (--hit.count === 0) armed.splice(i, 1);
          if (hit.when === 'before') {
            if (out.length) upstream.write(Buffer.concat(out));
            return cut();
          }
          // Send it (and what the client sent with it), then lose the server's answer.
          out.push(msg, pending);
          pending = Buffer.alloc(0);
          dropAnswers = true;
          upstream.write(Buffer.concat(out));
          return;
        }
        out.push(msg);
      }
      if (out.length) upstream.write(Buffer.concat(out));
    });
    upstream.on('data', (d) => {
      if (dropAnswers) return cut();
      client.write(d);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', () => {});
    upstream.on('error', () => {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    arm: (c) => void armed.push({ ...c }),
    cuts: () => cuts,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
