import type { Sharp, SharpOptions } from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VARIANT_WIDTHS } from '../../shared/image-variants.ts';
import { encodeVariants } from '../../src/media/variants-encode.ts';

/**
 * encodeVariants (what renderVariants runs in the image process; called here in this process, so
 * sharp can be watched) decodes the original once (not once per ladder step) and encodes a small bounded
 * number of steps at a time; the files are those a decode per step gives (for originals no step
 * shrinks on load: PNG, and JPEG reduced less than twice).
 */
const seen = vi.hoisted(() => ({ inputs: [] as unknown[], active: 0, most: 0 }));

vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<typeof import('sharp')>()).default;
  const wrapped = (input?: unknown, options?: SharpOptions): Sharp => {
    seen.inputs.push(input);
    const img = real(input as Buffer, options);
    const toBuffer = img.toBuffer.bind(img) as (...args: unknown[]) => Promise<unknown>;
    (img as unknown as { toBuffer: (...args: unknown[]) => Promise<unknown> }).toBuffer = async (...args: unknown[]) => {
      seen.active++;
      seen.most = Math.max(seen.most, seen.active);
      try {
        return await toBuffer(...args);
      } finally {
        seen.active--;
      }
    };
    return img;
  };
  return { default: Object.assign(wrapped, real) };
});

const { default: sharp } = await import('sharp');

beforeEach(() => {
  seen.inputs.length = 0;
  seen.most = 0;
});

/** A picture with gradients, shapes and (for PNG) transparency: something for the resizers to differ on. */
function picture(format: 'png' | 'jpeg', width: number, height: number): Promise<Buffer> {
  const shapes = Array.from({ length: 40 }, (_, i) => {
    const x = (i * 977) % width;
    const y = (i * 631) % height;
    return `<circle cx="${x}" cy="${y}" r="${10 + ((i * 37) % 120)}" fill="hsl(${i * 17},70%,50%)" opacity="0.6"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#135" stop-opacity="${format === 'png' ? 0.4 : 1}"/><stop offset="1" stop-color="#fa3"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg))[format]().toBuffer();
}

/** What a decode per step gives: the original resized to the step (never upscaled) and encoded. */
async function perStep(original: Buffer, width: number, format: 'avif' | 'webp'): Promise<Buffer> {
  const img = sharp(original).resize({ width, withoutEnlargement: true });
  return (format === 'avif' ? img.avif({ quality: 50, effort: 2 }) : img.webp({ quality: 75 })).toBuffer();
}

describe('image variants', () => {
  it('decode the original once and encode at most two steps at a time', async () => {
    const original = await picture('jpeg', 2000, 1200);
    const variants = await encodeVariants(original);
    expect(variants).toHaveLength(10);
    // The header read (metadata) and one decode: not one decode per step.
    expect(seen.inputs.filter((i) => i === original).length).toBeLessThanOrEqual(2);
    expect(seen.most).toBeGreaterThan(0);
    expect(seen.most).toBeLessThanOrEqual(2);
  });

  for (const [label, make] of [
    ['a PNG with transparency, wider than every step', () => picture('png', 2100, 900)],
    ['a JPEG (steps reduced less than twice)', () => picture('jpeg', 1500, 500)],
    ['a small PNG (every step holds its size)', () => picture('png', 200, 100)],
  ] as const) {
    it(`${label}: the same files as a decode per step`, async () => {
      const original = await make();
      const width = (await sharp(original).metadata()).width ?? 0;
      const cap = VARIANT_WIDTHS.find((w) => w >= width) ?? Math.max(...VARIANT_WIDTHS);
      for (const v of await encodeVariants(original)) {
        if (v.width > cap) {
          expect('sameAs' in v && v.sameAs, `${v.format} ${v.width}`).toBe(cap);
          continue;
        }
        if (!('data' in v)) throw new Error(`${v.format} ${v.width}: bytes expected`);
        if (v.width <= width / 2 && label.includes('JPEG')) continue; // shrink-on-load steps: not compared
        expect(Buffer.compare(v.data, await perStep(original, Math.min(v.width, width), v.format)), `${v.format} ${v.width}`).toBe(0);
      }
    });
  }
});
