import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asFetch, OutboundError, publicFetch } from './public-fetch.ts';

let server: Server;
let base = '';
const local = { allowPrivateAddresses: true };
const limits = { maxBytes: 1000, timeoutMs: 2000 };

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/ok') return res.end('ok');
    if (url.pathname === '/echo') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () =>
        res.setHeader('content-type', 'application/json').end(JSON.stringify({ method: req.method, body, auth: req.headers['x-token'] })),
      );
      return;
    }
    if (url.pathname === '/hop') {
      const n = Number(url.searchParams.get('n'));
      res.statusCode = 302;
      res.setHeader('location', n > 0 ? `/hop?n=${n - 1}` : '/ok');
      return res.end();
    }
    if (url.pathname === '/big') return res.setHeader('content-length', '5000').end('x'.repeat(5000));
    if (url.pathname === '/stream') {
      // No Content-Length: chunked, larger than the limit only as it streams.
      for (let i = 0; i < 20; i++) res.write('y'.repeat(100));
      return res.end();
    }
    if (url.pathname === '/slow') return setTimeout(() => res.end('late'), 1500);
    res.statusCode = 404;
    res.end('no');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (e: unknown) => (e instanceof OutboundError ? e.reason : `other: ${String(e)}`),
  );

describe('publicFetch', () => {
  it('refuses loopback, link-local (cloud metadata), private and meta addresses by default, by name too', async () => {
    expect(await reason(publicFetch(`${base}/ok`, limits))).toBe('private_address');
    expect(await reason(publicFetch('http://169.254.169.254/latest/meta-data/', limits))).toBe('private_address');
    expect(await reason(publicFetch('http://10.1.2.3/', limits))).toBe('private_address');
    expect(await reason(publicFetch('http://192.168.0.1/', limits))).toBe('private_address');
    expect(await reason(publicFetch('http://0.0.0.0/', limits))).toBe('private_address');
    expect(await reason(publicFetch('http://[::1]/', limits))).toBe('private_address');
    expect(await reason(publicFetch(`http://localhost:${new URL(base).port}/ok`, limits))).toBe('private_address');
  });

  it('refuses other schemes and URLs with credentials before any connection', async () => {
    for (const u of [
      'file:///etc/passwd',
      'ftp://example.com/x',
      'gopher://x/',
      'javascript:alert(1)',
      'not a url',
      'http://user:pw@example.com/',
    ]) {
      expect(await reason(publicFetch(u, limits))).toBe('bad_url');
    }
  });

  it('answers from an allowed stand-in, follows redirects within the limit and checks each hop', async () => {
    const ok = await publicFetch(`${base}/hop?n=2`, { ...limits, policy: local });
    expect([ok.status, ok.body.toString(), new URL(ok.url).pathname]).toEqual([200, 'ok', '/ok']);
    expect(await reason(publicFetch(`${base}/hop?n=5`, { ...limits, policy: local }))).toBe('too_many_redirects');
    const unfollowed = await publicFetch(`${base}/hop?n=0`, { ...limits, maxRedirects: 0, policy: local });
    expect(unfollowed.status).toBe(302);
  });

  it('cuts answers larger than maxBytes, announced or streamed, and gives up at the deadline', async () => {
    expect(await reason(publicFetch(`${base}/big`, { ...limits, policy: local }))).toBe('too_large');
    expect(await reason(publicFetch(`${base}/stream`, { ...limits, policy: local }))).toBe('too_large');
    expect(await reason(publicFetch(`${base}/slow`, { ...limits, timeoutMs: 300, policy: local }))).toBe('timeout');
    const aborted = new AbortController();
    aborted.abort(new Error('cancelled by the owner'));
    await expect(publicFetch(`${base}/ok`, { ...limits, signal: aborted.signal, policy: local })).rejects.toThrow('cancelled by the owner');
  });
});

describe('asFetch', () => {
  it('is a fetch for clients that take one: method, headers and body go through, the answer comes back', async () => {
    const f = asFetch({ ...limits, policy: local });
    const res = await f(`${base}/echo`, { method: 'POST', headers: { 'x-token': 't' }, body: '{"q":1}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ method: 'POST', body: '{"q":1}', auth: 't' });
    expect((await f(`${base}/missing`)).status).toBe(404);
    await expect(asFetch(limits)(`${base}/ok`)).rejects.toMatchObject({ reason: 'private_address' });
  });
});
