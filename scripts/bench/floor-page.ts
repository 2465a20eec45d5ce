/**
 * The floor page of the Lighthouse figures: the least a storefront page can be — server-rendered
 * HTML with a title, a heading and one preloaded hero image of about 42 KB, no script (the method
 * of the performance issue's measurements). Its LCP in the same run is the reference ("LCP ≤ floor
 * + 0.5 s").
 */
import { createServer, type Server } from 'node:http';
import { deflateSync, gzipSync } from 'node:zlib';

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A smooth gradient with grain on every fourth pixel: about 42 KB, a well-compressed hero photo. */
function heroPng(w: number, h: number): Buffer {
  let seed = 2463534242;
  const rnd = () => {
    seed ^= seed << 13;
    seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    return seed;
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const px = Buffer.alloc(w * 3);
    for (let x = 0; x < w; x++) {
      const g = x % 4 === 0 ? rnd() >>> 29 : 0;
      px[x * 3] = ((x >> 2) + g) & 255;
      px[x * 3 + 1] = ((y >> 1) + 60 + g) & 255;
      px[x * 3 + 2] = (180 - (x >> 3)) & 255;
    }
    const row = Buffer.alloc(1 + px.length);
    row[0] = 1;
    for (let i = 0; i < px.length; i++) row[1 + i] = ((px[i] ?? 0) - (i >= 3 ? (px[i - 3] ?? 0) : 0)) & 255;
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function startFloorPage(): Promise<{ url: string; close: () => void }> {
  const hero = heroPng(720, 300);
  const html = gzipSync(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Loja</title>
<meta name="description" content="Floor page"><link rel="icon" href="data:,">
<link rel="preload" as="image" href="/hero.png" fetchpriority="high">
<style>body{margin:0;font-family:sans-serif}img{width:100%;height:auto;display:block}h1{margin:16px}</style>
</head><body><main><img src="/hero.png" width="720" height="300" alt="Banner" fetchpriority="high"><h1>Produtos em destaque</h1></main></body></html>`);
  const server: Server = createServer((req, res) => {
    if (req.url === '/hero.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
      res.end(hero);
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' });
      res.end(html);
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}
