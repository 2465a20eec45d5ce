/**
 * Shopify's side of the Buy Button for the Lighthouse run with a configured shop: an HTTPS server
 * on 127.0.0.1 answering the test shop's Storefront API from the recorded fixtures
 * (tests/fixtures/buy-button-fixtures.json). Chromium reaches it through a host-resolver rule; the
 * certificate is a throwaway self-signed one (openssl), accepted with --ignore-certificate-errors.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { FIXTURES, operationOf, SHOP } from '../../tests/fixtures/storefront-api.ts';

export { SHOP };

export async function startStorefrontStandIn(): Promise<{ port: number; chromeFlags: string[]; close: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-tls-'));
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${SHOP.domain}`,
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  if (made.status !== 0) throw new Error('openssl is needed for the Storefront API stand-in');
  const key = readFileSync(join(dir, 'key.pem'));
  const cert = readFileSync(join(dir, 'cert.pem'));
  rmSync(dir, { recursive: true, force: true });
  const png = await sharp({ create: { width: 180, height: 180, channels: 3, background: '#e8590c' } })
    .png()
    .toBuffer();
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST' };
  const server = createServer({ key, cert }, (req, res) => {
    const url = new URL(req.url ?? '/', `https://${SHOP.domain}`);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'access-control-max-age': '600' }).end();
    } else if (url.pathname === '/api/2025-01/graphql' && req.method === 'POST') {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const fixture = FIXTURES[operationOf(body || '{}')];
        if (!fixture) return void res.writeHead(500, cors).end('no fixture');
        res.writeHead(200, { ...cors, ...FIXTURES._meta.responseHeaders }).end(JSON.stringify(fixture.response));
      });
    } else if (url.pathname.startsWith('/cdn/shop/files/')) {
      res.writeHead(200, { ...cors, 'content-type': 'image/png' }).end(png);
    } else {
      res.writeHead(404, cors).end();
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    port,
    chromeFlags: [`--host-resolver-rules=MAP ${SHOP.domain} 127.0.0.1:${port}`, '--ignore-certificate-errors'],
    close: () => server.close(),
  };
}
