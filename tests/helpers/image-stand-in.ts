import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { image } from './images.ts';

/**
 * A local stand-in for the image hosts a catalogue points at (Shopify's CDN, anyone's site):
 * `/img/<name>.png` answers a small real PNG (its colour from the name), `/big.jpg` 6 MB,
 * `/text.jpg` a web page, `/missing.png` 404, `/slow.png` answers after `slowMs`.
 * Reached only with the outbound policy `{ allowPrivateAddresses: true }` (tests only).
 */
export async function imageStandIn(opts: { slowMs?: number } = {}) {
  const hits: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(path);
    if (path.startsWith('/img/')) {
      const hue = [...path].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
      const data = await image('png', `hsl(${hue}, 70%, 50%)`);
      return res.setHeader('content-type', 'image/png').end(data);
    }
    if (path === '/big.jpg') return res.setHeader('content-type', 'image/jpeg').end(Buffer.alloc(6 * 1024 * 1024, 1));
    if (path === '/text.jpg') return res.setHeader('content-type', 'image/jpeg').end('<html>não é imagem</html>');
    if (path === '/slow.png') {
      const data = await image('png');
      return setTimeout(() => res.end(data), opts.slowMs ?? 2000);
    }
    res.statusCode = 404;
    res.end('not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits,
    url: (name: string) => `${base}/img/${name}.png`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
