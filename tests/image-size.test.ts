import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedImageSize } from '../src/media/image-size.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-image-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 80 } } });

/** A JPEG whose frame header comes after a 40 KB comment segment: past the first read. */
function withLargeComment(jpeg: Buffer): Buffer {
  const comment = Buffer.alloc(40_000, 0x61);
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]), comment]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

beforeAll(async () => {
  writeFileSync(join(dir, 'a.png'), await image(640, 480).png().toBuffer());
  writeFileSync(join(dir, 'b.webp'), await image(300, 200).webp().toBuffer());
  writeFileSync(join(dir, 'c.jpg'), withLargeComment(await image(1200, 900).jpeg().toBuffer()));
  writeFileSync(join(dir, 'd.jpg'), await image(400, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer());
  writeFileSync(join(dir, 'e.jpg'), Buffer.from('not an image at all'));
});

describe('uploadedImageSize', () => {
  it('reads the size from the head of PNG and WebP files', async () => {
    expect(await uploadedImageSize(dir, '/uploads/a.png')).toEqual({ width: 640, height: 480 });
    expect(await uploadedImageSize(dir, '/uploads/b.webp')).toEqual({ width: 300, height: 200 });
  });

  it('reads further when a JPEG frame header lies past the first 16 KB', async () => {
    expect(await uploadedImageSize(dir, '/uploads/c.jpg')).toEqual({ width: 1200, height: 900 });
  });

  it('reports an EXIF-turned JPEG as displayed', async () => {
    expect(await uploadedImageSize(dir, '/uploads/d.jpg')).toEqual({ width: 300, height: 400 });
  });

  it('gives null for a file that is no image, a missing file and a URL outside /uploads/', async () => {
    expect(await uploadedImageSize(dir, '/uploads/e.jpg')).toBeNull();
    expect(await uploadedImageSize(dir, '/uploads/missing.png')).toBeNull();
    expect(await uploadedImageSize(dir, 'https://example.com/x.png')).toBeNull();
    expect(await uploadedImageSize(dir, '/uploads/.hidden.png')).toBeNull();
  });
});
