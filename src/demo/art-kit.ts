/** Small SVG building blocks shared by the demo drawings (colours, masks, fills, a seeded PRNG). */
import type { ProductShot } from './demo-images.ts';

export type ArtKind = 'tshirt' | 'tshirt-v' | 'mug' | 'tote' | 'cap' | 'cushion' | 'plant' | 'bottle' | 'gift';
export type ArtPattern = 'plain' | 'stripes' | 'dots' | 'print' | 'pocket' | 'geo' | 'band' | 'speckles';

/** main: the product colour; accent: prints, ribbons, trims; detail: small touches. */
export type Palette = { main: string; accent: string; detail: string };

/** mulberry32: a tiny seeded PRNG, so demo pictures and reviews come out the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);

/** Linear mix of two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const c = [0, 1, 2].map((i) => Math.round(channel(a, i) * (1 - t) + channel(b, i) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
export const shade = (c: string, t: number) => mix(c, '#000000', t);
export const tint = (c: string, t: number) => mix(c, '#ffffff', t);

/**
 * Paints `inner` only inside the path `d`. A mask rather than a clipPath, because a mask can
 * include the outline stroke that rounds the drawing's corners, so patterns reach the edge.
 */
export function inside(d: string, inner: string, stroke = 0): string {
  const id = nextId();
  const outline = stroke ? ` stroke="#fff" stroke-width="${stroke}" stroke-linejoin="round"` : '';
  return `<mask id="${id}"><path d="${d}" fill="#fff"${outline}/></mask><g mask="url(#${id})">${inner}</g>`;
}

/** A soft left-to-right light: darker on the left edge, a sheen on the right. */
export function sideLight(x: number, y: number, w: number, h: number): string {
  const id = nextId();
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.16"/>` +
    '<stop offset="0.22" stop-color="#000" stop-opacity="0"/><stop offset="0.7" stop-color="#fff" stop-opacity="0"/>' +
    '<stop offset="0.86" stop-color="#fff" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0.1"/></linearGradient>' +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id})"/>`
  );
}

export const rectPath = (x: number, y: number, w: number, h: number, r: number) =>
  `M${x + r} ${y}H${x + w - r}Q${x + w} ${y} ${x + w} ${y + r}V${y + h - r}Q${x + w} ${y + h} ${x + w - r} ${y + h}H${x + r}Q${x} ${y + h} ${x} ${y + h - r}V${y + r}Q${x} ${y} ${x + r} ${y}Z`;

let clipSeq = 0;
const nextId = () => `m${++clipSeq}`;

export function stripes(color: string, y0: number, y1: number, step: number, h: number): string {
  let s = '';
  for (let y = y0; y < y1; y += step) s += `<rect x="0" y="${y}" width="800" height="${h}" fill="${color}"/>`;
  return s;
}

export function dots(color: string, step: number, r: number): string {
  let s = '';
  for (let y = 120, row = 0; y < 720; y += step, row++) {
    for (let x = 100 + (row % 2) * (step / 2); x < 720; x += step) s += `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`;
  }
  return s;
}

/** A pointed leaf growing upwards from (0,0), `len` long. */
export const leaf = (len: number, fill: string) => {
  const w = len * 0.3;
  return `<path d="M0 0C${w} ${-len * 0.3} ${w} ${-len * 0.75} 0 ${-len}C${-w} ${-len * 0.75} ${-w} ${-len * 0.3} 0 0Z" fill="${fill}"/>`;
};

// Soft two-tone backgrounds, one per gallery picture, so neighbouring cards never look alike.
export const BG = {
  peach: ['#fde8d7', '#f9d5c0'],
  sky: ['#e3eef9', '#cfe1f3'],
  sage: ['#eaf3ee', '#d7e9df'],
  sand: ['#f6efe2', '#ecdfc8'],
  rose: ['#fdeef0', '#f8d9de'],
  lilac: ['#f0ecf9', '#e1d8f3'],
  butter: ['#fff6dc', '#fde9b8'],
} satisfies Record<string, [string, string]>;

/** One gallery picture of a product in the colours main/accent/detail; `zoom` makes it a close-up. */
export const shot = (main: string, accent: string, detail: string, bg: [string, string], zoom?: { x: number; y: number }): ProductShot => {
  const palette: Palette = { main, accent, detail };
  return zoom ? { palette, bg, zoom } : { palette, bg };
};
