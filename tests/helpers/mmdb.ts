/**
 * Writes a tiny MaxMind DB (format v2, IPv4, 24-bit records) mapping one network to one record,
 * so the GeoIP lookup is tested against a real file without shipping a GeoLite database.
 */
type Value = string | number | Value[] | { [k: string]: Value };

const ctrl = (type: number, size: number): Buffer => (type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]));

function uint(type: number, n: number | bigint): Buffer {
  const bytes: number[] = [];
  let v = BigInt(n);
  while (v > 0n) {
    bytes.unshift(Number(v & 0xffn));
    v >>= 8n;
  }
  return Buffer.concat([ctrl(type, bytes.length), Buffer.from(bytes)]);
}

function encode(v: Value): Buffer {
  if (typeof v === 'string') {
    const b = Buffer.from(v, 'utf8');
    if (b.length >= 29) throw new Error('keep strings short');
    return Buffer.concat([ctrl(2, b.length), b]);
  }
  if (typeof v === 'number') return uint(6, v);
  if (Array.isArray(v)) return Buffer.concat([ctrl(11, v.length), ...v.map(encode)]);
  const entries = Object.entries(v);
  return Buffer.concat([ctrl(7, entries.length), ...entries.flatMap(([k, val]) => [encode(k), encode(val)])]);
}

const record24 = (n: number) => Buffer.from([(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);

export function writeMmdb(network: string, prefix: number, data: Value): Buffer {
  const ip = network.split('.').map(Number);
  const bit = (i: number) => ((ip[i >> 3] ?? 0) >> (7 - (i & 7))) & 1;
  const nodeCount = prefix;
  const dataPointer = nodeCount + 16;
  const nodes: Buffer[] = [];
  for (let i = 0; i < prefix; i++) {
    const next = i === prefix - 1 ? dataPointer : i + 1;
    const [left, right] = bit(i) === 0 ? [next, nodeCount] : [nodeCount, next];
    nodes.push(record24(left), record24(right));
  }
  const metadata = Buffer.concat([
    ctrl(7, 9),
    encode('node_count'),
    uint(6, nodeCount),
    encode('record_size'),
    uint(5, 24),
    encode('ip_version'),
    uint(5, 4),
    encode('database_type'),
    encode('Test-City'),
    encode('languages'),
    encode(['en', 'pt-BR']),
    encode('binary_format_major_version'),
    uint(5, 2),
    encode('binary_format_minor_version'),
    uint(5, 0),
    encode('build_epoch'),
    Buffer.concat([ctrl(9, 4), Buffer.from([0x65, 0x00, 0x00, 0x00])]),
    encode('description'),
    encode({ en: 'test' }),
  ]);
  return Buffer.concat([...nodes, Buffer.alloc(16), encode(data), Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1'), metadata]);
}
