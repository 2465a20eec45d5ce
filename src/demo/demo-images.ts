/**
 * The demo's pictures, drawn as SVG and rasterised with sharp. `renderDemoImages` runs in the
 * image process (src/media/image-process.ts), never in the server: see src/demo/seed.ts.
 */
import sharp from 'sharp';
import '../media/sharp-settings.ts';
import type { PreparedBytes } from '../media/media.service.ts';
import { type ArtKind, type ArtPattern, type Palette, seeded, shade } from './art-kit.ts';
import { drawProduct, floorOf } from './demo-art.ts';

/** One gallery picture: a colourway on a two-colour pastel background, optionally a close-up. */
export type ProductShot = { palette: Palette; bg: [string, string]; zoom?: { x: number; y: number } };
export type ProductArt = { kind: ArtKind; pattern: ArtPattern; shots: ProductShot[] };
export type BannerArt = { from: string; to: string; glow: string; items: { kind: ArtKind; pattern: ArtPattern; palette: Palette }[] };
export type IconKind = 'pix' | 'credit' | 'debit' | 'boleto' | 'wallet';

const svgDoc = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

const gradient = (id: string, a: string, b: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`;

/** A few small confetti shapes near the edges, placed by `seed` so every run draws the same. */
function confetti(seed: number, color: string): string {
  const rand = seeded(seed);
  let s = '';
  for (let i = 0; i < 7; i++) {
    const angle = (i / 7) * Math.PI * 2 + rand() * 0.6;
    const r = 330 + rand() * 40;
    const x = Math.round(Math.min(760, Math.max(40, 400 + Math.cos(angle) * r)));
    const y = Math.round(Math.min(760, Math.max(40, 400 + Math.sin(angle) * r)));
    const kind = i % 3;
    if (kind === 0) s += `<circle cx="${x}" cy="${y}" r="${10 + Math.round(rand() * 8)}" fill="none" stroke="${color}" stroke-width="6"/>`;
    if (kind === 1) s += `<circle cx="${x}" cy="${y}" r="${6 + Math.round(rand() * 6)}" fill="${color}"/>`;
    if (kind === 2)
      s += `<path d="M${x - 12} ${y}H${x + 12}M${x} ${y - 12}V${y + 12}" stroke="${color}" stroke-width="6" stroke-linecap="round"/>`;
  }
  return `<g opacity="0.55">${s}</g>`;
}

export function productSvg(art: ProductArt, shot: ProductShot, seed: number): string {
  const [a, b] = shot.bg;
  const drawing = drawProduct(art.kind, art.pattern, shot.palette);
  const product = shot.zoom
    ? `<g transform="translate(400 400) scale(1.7) translate(${-shot.zoom.x} ${-shot.zoom.y})">${drawing}</g>`
    : `<ellipse cx="400" cy="${floorOf(art.kind) + 10}" rx="220" ry="24" fill="#000" opacity="0.08"/>${drawing}`;
  return svgDoc(
    800,
    800,
    `${gradient('bg', a, b)}<rect width="800" height="800" fill="url(#bg)"/>` +
      `<circle cx="400" cy="420" r="300" fill="#fff" opacity="0.35"/>${confetti(seed, shade(b, 0.12))}${product}`,
  );
}

/** 3:1 banner; the left half stays calm because the storefront writes the title over it. */
export function bannerSvg(art: BannerArt): string {
  let grid = '';
  for (let y = 90; y < 300; y += 40) for (let x = 90; x < 420; x += 40) grid += `<circle cx="${x}" cy="${y}" r="4"/>`;
  // Products stay between x 1100 and 2130: a 21:9 mobile crop cuts about 270 px off each side.
  // The middle product is the hero: bigger, lower and drawn last so it sits in front.
  const n = art.items.length;
  const place = (i: number) => {
    const hero = n === 1 || (n === 3 && i === 1);
    const cx = n === 1 ? 1640 : n === 2 ? 1440 + i * 420 : 1300 + i * 340;
    return { cx, cy: hero ? 430 : 400, s: hero ? 0.8 : n === 2 ? 0.74 : 0.62 };
  };
  const order = art.items.map((_, i) => i).sort((x, y) => place(x).s - place(y).s);
  const items = order
    .map((i) => {
      const it = art.items[i]!;
      const { cx, cy, s } = place(i);
      return (
        `<ellipse cx="${cx}" cy="${cy + (floorOf(it.kind) + 10 - 420) * s}" rx="${200 * s}" ry="${22 * s}" fill="#000" opacity="0.18"/>` +
        `<g transform="translate(${cx} ${cy}) scale(${s}) translate(-400 -420)">${drawProduct(it.kind, it.pattern, it.palette)}</g>`
      );
    })
    .join('');
  return svgDoc(
    2400,
    800,
    `${gradient('bg', art.from, art.to)}<rect width="2400" height="800" fill="url(#bg)"/>` +
      `<circle cx="1640" cy="420" r="430" fill="#fff" opacity="0.16"/><circle cx="1640" cy="420" r="560" fill="#fff" opacity="0.07"/><circle cx="2240" cy="80" r="280" fill="${art.glow}" opacity="0.45"/>` +
      `<circle cx="140" cy="780" r="240" fill="${art.glow}" opacity="0.3"/><circle cx="1130" cy="150" r="54" fill="none" stroke="#fff" stroke-width="12" opacity="0.35"/>` +
      `<path d="M0 660C400 590 800 730 1200 660S2000 590 2400 660V800H0Z" fill="#fff" opacity="0.1"/>` +
      `<g fill="#fff" opacity="0.22">${grid}</g>${items}`,
  );
}

const ICONS: Record<IconKind, string> = {
  pix: '<g transform="translate(60 40) rotate(45)"><rect x="-20" y="-20" width="40" height="40" rx="9" fill="#1aa39a"/><rect x="-8" y="-8" width="16" height="16" rx="4" fill="#fff"/></g>',
  credit:
    '<rect x="28" y="18" width="64" height="44" rx="6" fill="#1f3a93"/><rect x="28" y="27" width="64" height="8" fill="#0e1f5c"/>' +
    '<rect x="36" y="42" width="13" height="10" rx="2" fill="#f2c14e"/><rect x="56" y="50" width="28" height="4" rx="2" fill="#8fa4e8"/>',
  debit:
    '<rect x="28" y="18" width="64" height="44" rx="6" fill="#e8743b"/><rect x="36" y="28" width="13" height="10" rx="2" fill="#ffe2a8"/>' +
    '<path d="M70 32Q75 40 70 48M77 28Q85 40 77 52" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>' +
    '<rect x="36" y="50" width="22" height="4" rx="2" fill="#fff" opacity="0.8"/>',
  boleto: [28, 33, 36, 42, 45, 48, 54, 57, 62, 65, 70, 74, 77, 83, 86, 90]
    .map((x, i) => `<rect x="${x}" y="20" width="${i % 3 === 0 ? 3 : 1.6}" height="34" fill="#222"/>`)
    .concat('<rect x="28" y="58" width="64" height="3" rx="1.5" fill="#bbb"/>')
    .join(''),
  wallet:
    '<rect x="30" y="20" width="60" height="42" rx="8" fill="#6c3fc5"/><rect x="30" y="20" width="60" height="10" rx="5" fill="#8d67dc"/>' +
    '<rect x="66" y="36" width="28" height="16" rx="6" fill="#4e2a9c"/><circle cx="75" cy="44" r="3.5" fill="#fff"/>',
};

export const iconSvg = (kind: IconKind) =>
  svgDoc(120, 80, `<rect x="1" y="1" width="118" height="78" rx="10" fill="#fff" stroke="#dcdcdc" stroke-width="2"/>${ICONS[kind]}`);

const toWebp = async (svg: string, originalName: string, quality = 80): Promise<PreparedBytes> => ({
  data: await sharp(Buffer.from(svg)).webp({ quality }).toBuffer(),
  ext: 'webp',
  originalName,
});

const toPng = async (svg: string, originalName: string): Promise<PreparedBytes> => ({
  data: await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer(),
  ext: 'png',
  originalName,
});

export type DemoImages = { products: PreparedBytes[][]; banners: PreparedBytes[]; icons: PreparedBytes[] };
export type DemoPictures = {
  products: { slug: string; art: ProductArt }[];
  banners: { slug: string; art: BannerArt }[];
  icons: { slug: string; kind: IconKind }[];
};

/** Renders every demo picture in memory; sharp spreads the work over its own thread pool. Image process only. */
export async function renderDemoImages(input: DemoPictures): Promise<DemoImages> {
  const [products, banners, icons] = await Promise.all([
    Promise.all(
      input.products.map((p, i) =>
        Promise.all(p.art.shots.map((s, j) => toWebp(productSvg(p.art, s, i * 10 + j), `${p.slug}-${j + 1}.webp`))),
      ),
    ),
    Promise.all(input.banners.map((b) => toWebp(bannerSvg(b.art), `banner-${b.slug}.webp`))),
    Promise.all(input.icons.map((ic) => toPng(iconSvg(ic.kind), `pagamento-${ic.slug}.png`))),
  ]);
  return { products, banners, icons };
}
