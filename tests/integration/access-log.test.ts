import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { accessLogged, SLOW_REQUEST_MS } from '../../server/plugins/access-log.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The app at the default log level, its lines kept. */
async function appLogging(env: Record<string, string>) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp(env, { loggerInstance: pino({ level: 'info' }, sink) });
  // onResponse runs once the answer is out: let it run before reading the lines.
  const requests = async () => {
    await new Promise((r) => setImmediate(r));
    return lines.filter((l) => l.msg === 'request');
  };
  return { app: t.app, requests };
}

describe('the access log', () => {
  it('ACCESS_LOG=all: one line per request, with method, URL, status, time and address', async () => {
    const { app, requests } = await appLogging({ ACCESS_LOG: 'all' });
    await app.inject({ url: '/api/collections/list.php' });
    await app.inject({ url: '/api/products/get.php?id=999999' });
    const lines = await requests();
    expect(lines.map((l) => [l.method, l.url, l.status])).toEqual([
      ['GET', '/api/collections/list.php', 200],
      ['GET', '/api/products/get.php?id=999999', 404],
    ]);
    expect(lines[0]).toMatchObject({ level: 30, ip: '127.0.0.1' });
    expect(typeof lines[0]?.ms).toBe('number');
  });

  it('by default: no line for answers that went well, quickly, or for a client error', async () => {
    const { app, requests } = await appLogging({});
    expect((await app.inject({ url: '/api/collections/list.php' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/products/get.php?id=999999' })).statusCode).toBe(404);
    expect(await requests()).toEqual([]);
  });

  it('by default: a line for a server error', async () => {
    const { app, requests } = await appLogging({});
    // Every statement fails as a lost connection does (as in cache-db-outage.test.ts): a 503.
    app.publicCache.invalidate();
    const conn = app.db.fork().getConnection() as unknown as { execute: () => Promise<unknown> };
    conn.execute = async () => {
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    };
    expect((await app.inject({ url: '/settings/get.php' })).statusCode).toBe(503);
    expect((await requests()).map((l) => [l.url, l.status])).toEqual([['/settings/get.php', 503]]);
  });

  it('by default: a line for a server error or a slow answer; none at all when off', () => {
    expect(accessLogged('errors', 500, 3)).toBe(true);
    expect(accessLogged('errors', 503, 3)).toBe(true);
    expect(accessLogged('errors', 200, SLOW_REQUEST_MS)).toBe(true);
    expect(accessLogged('errors', 200, SLOW_REQUEST_MS - 1)).toBe(false);
    expect(accessLogged('errors', 404, 3)).toBe(false);
    expect(accessLogged('all', 200, 1)).toBe(true);
    expect(accessLogged('off', 500, SLOW_REQUEST_MS)).toBe(false);
  });

  it('refuses a mode it does not know, and defaults to errors', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).accessLog).toBe('errors');
    expect(() => loadConfig({ NODE_ENV: 'test', ACCESS_LOG: 'everything' })).toThrow(/ACCESS_LOG/);
  });
});
