/**
 * Heavy uploads against the shop as `npm start` runs it, on PGlite (issue 15, item 2): five
 * gallery uploads at once of 10 photos (2400×2000 JPEG, about 4 MB each) through
 * /api/products/images/bulk_upload.php, repeated four times. Reports each answer (status, time)
 * and the peak resident memory (VmHWM) of the server and of its image process.
 *
 *   node scripts/bench/uploads-memory.ts [rounds=4] [parallel=5]
 *
 * Not a timed test: figures depend on the machine (README, Operations, "Heavy or many uploads").
 */
import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { BENCH_ADMIN, peakRssMb, startShop } from './processes.ts';

const rounds = Number(process.argv[2] ?? 4);
const parallel = Number(process.argv[3] ?? 5);
const PHOTOS = 10;
const TARGET_BYTES = 4.2 * 1024 * 1024;

/** A 2400×2000 JPEG of soft noise (photo-like: it does not compress away), just under TARGET_BYTES. */
async function photo(seed: number): Promise<Buffer> {
  const width = 2400;
  const height = 2000;
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = 32 + ((x >>> 16) % 160) + ((i / 3 / width) % 64);
  }
  for (let quality = 95; quality >= 40; quality -= 5) {
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= TARGET_BYTES) return jpeg;
  }
  throw new Error('could not make a photo under the target size');
}

/** The process ids of `pid`'s children (the image process). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** VmRSS of a process (resident now), in MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

async function main(): Promise<void> {
  process.stdout.write('making photos… ');
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => photo(i + 1)));
  const mb = photos.reduce((n, p) => n + p.length, 0) / PHOTOS / 1024 / 1024;
  console.log(`${PHOTOS} × 2400×2000 JPEG, ${mb.toFixed(2)} MB each`);

  // A first start migrates the new database, and that is the peak of a first start (README,
  // Performance): the shop is measured from its second start, as it runs every day after.
  const first = await startShop({ seedDemo: false, pin: false });
  const shop = await first.restart();
  try {
    const login = await fetch(`${shop.url}/auth/login.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.url },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const headers = { cookie, origin: shop.url };
    const created = await fetch(`${shop.url}/api/products/create.php`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Galeria pesada', price: '10.00' }),
    });
    const productId = ((await created.json()) as { id: number }).id;
    const serverAtStart = shop.peakRssMb();

    // The image process comes and goes: its peak is sampled while the uploads run.
    let imagePeak = 0;
    const sampler = setInterval(() => {
      for (const child of childrenOf(shop.pid)) imagePeak = Math.max(imagePeak, peakRssMb(child) || 0);
    }, 100);

    const upload = async () => {
      const form = new FormData();
      form.append('product_id', String(productId));
      photos.forEach((p, i) => {
        form.append('files[]', new File([new Uint8Array(p)], `foto-${i}.jpg`, { type: 'image/jpeg' }));
      });
      const start = performance.now();
      const ms = () => Math.round(performance.now() - start);
      try {
        const res = await fetch(`${shop.url}/api/products/images/bulk_upload.php`, { method: 'POST', headers, body: form });
        await res.arrayBuffer();
        return { status: String(res.status), retryAfter: res.headers.get('retry-after'), ms: ms() };
      } catch (e) {
        // A refused upload's connection closes with its answer: a client still sending may see only that.
        const cause = (e as { cause?: { code?: string } }).cause?.code ?? String(e);
        return { status: `no answer (${cause})`, retryAfter: null, ms: ms() };
      }
    };

    for (let r = 1; r <= rounds; r++) {
      const answers = await Promise.all(Array.from({ length: parallel }, upload));
      const line = answers.map((a) => `${a.status}${a.retryAfter ? ` (Retry-After ${a.retryAfter})` : ''} in ${a.ms} ms`).join(', ');
      console.log(`round ${r}: ${line}; server VmHWM ${shop.peakRssMb().toFixed(0)} MB, VmRSS ${rssMb(shop.pid).toFixed(0)} MB`);
    }
    await shop.settled();
    clearInterval(sampler);
    for (const child of childrenOf(shop.pid)) imagePeak = Math.max(imagePeak, peakRssMb(child) || 0);
    console.log(
      `server VmHWM: ${serverAtStart.toFixed(0)} MB after start, ${shop.peakRssMb().toFixed(0)} MB at the end (VmRSS ${rssMb(shop.pid).toFixed(0)} MB)`,
    );
    console.log(`image process VmHWM: ${imagePeak ? imagePeak.toFixed(0) : 'n/a'} MB`);
  } finally {
    await shop.dispose();
  }
}

await main();
