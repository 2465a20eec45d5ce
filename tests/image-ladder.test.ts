import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, VARIANT_WIDTHS, variantSrcset, widestStep } from '../shared/image-variants.ts';

const stored = '/uploads/0b8c1f7e-0000-4000-8000-000000000009.webp';
const widths = (srcset: string) => srcset.split(', ').map((entry) => Number(entry.split(' ')[1]?.replace('w', '')));

describe('each place offers the ladder steps a browser can pick there, up to 3x screens', () => {
  it('a fixed width gets the first step at least three times as wide', () => {
    expect(widths(variantSrcset(stored, 'avif', '80px'))).toEqual([320]);
    expect(widths(variantSrcset(stored, 'webp', IMAGE_SIZES.thumb))).toEqual([320]);
    expect(widths(variantSrcset(stored, 'avif', IMAGE_SIZES.logo))).toEqual([320, 640, 960]);
    expect(widestStep('400px')).toBe(1280);
    expect(widestStep('900px')).toBe(1920);
  });

  it('a card stops at 960 px; the gallery and the banner, drawn across the screen, get every step', () => {
    expect(widths(variantSrcset(stored, 'avif', IMAGE_SIZES.card))).toEqual([320, 640, 960]);
    expect(widths(variantSrcset(stored, 'webp', IMAGE_SIZES.gallery))).toEqual([...VARIANT_WIDTHS]);
    expect(widths(variantSrcset(stored, 'avif', IMAGE_SIZES.banner))).toEqual([...VARIANT_WIDTHS]);
  });

  it('an image without variants has no srcset', () => {
    expect(variantSrcset('https://cdn.example/foto.jpg', 'avif', IMAGE_SIZES.card)).toBe('');
  });
});
