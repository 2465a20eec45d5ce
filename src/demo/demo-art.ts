/**
 * Flat product illustrations as SVG fragments, drawn in an 800x800 box (the product sits around
 * 150..680 on both axes). No <text>: the production image may have no fonts installed.
 */
import { type ArtKind, type ArtPattern, dots, inside, leaf, type Palette, rectPath, shade, sideLight, tint } from './art-kit.ts';
import { cap, cushion, tote, tshirt } from './art-textiles.ts';

function mug(p: Palette, pattern: ArtPattern): string {
  const body = 'M250 300L250 580Q250 640 310 640L490 640Q550 640 550 580L550 300Z';
  const enamel = pattern === 'speckles';
  let deco = '';
  if (pattern === 'band')
    deco = `<rect x="240" y="440" width="320" height="46" fill="${p.accent}"/><rect x="240" y="500" width="320" height="10" fill="${p.accent}"/>`;
  if (enamel) deco = dots(shade(p.main, 0.35), 38, 2.5);
  if (pattern === 'dots') deco = dots(p.accent, 56, 11);
  const steam = [350, 400, 450]
    .map((x, i) => {
      const y = 238 - i * 6;
      return `<path d="M${x} ${y}C${x - 22} ${y - 30} ${x + 22} ${y - 50} ${x} ${y - 80}" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.75"/>`;
    })
    .join('');
  return (
    `<path d="M530 360C640 350 650 530 530 525" fill="none" stroke="${shade(p.main, 0.08)}" stroke-width="40" stroke-linecap="round"/>` +
    `<path d="${body}" fill="${p.main}"/>` +
    inside(
      body,
      `${deco}${sideLight(250, 290, 300, 360)}<rect x="274" y="340" width="18" height="230" rx="9" fill="#fff" opacity="0.35"/>`,
    ) +
    (enamel ? `<path d="M250 592Q254 640 310 640L490 640Q546 640 550 592" fill="none" stroke="${p.accent}" stroke-width="12"/>` : '') +
    `<ellipse cx="400" cy="300" rx="150" ry="34" fill="${tint(p.main, 0.25)}"/>` +
    `<ellipse cx="400" cy="303" rx="134" ry="25" fill="#6b4530"/><ellipse cx="370" cy="298" rx="60" ry="9" fill="#8a5d42"/>` +
    (enamel ? `<ellipse cx="400" cy="300" rx="150" ry="34" fill="none" stroke="${p.accent}" stroke-width="10"/>` : '') +
    steam
  );
}

function plant(p: Palette, pattern: ArtPattern): string {
  const greens = ['#3f7d5a', '#5a9c6e', '#2f6b4a', '#6fae7c'];
  const lengths = [175, 230, 270, 255, 220, 170];
  const leaves = [-64, -38, -14, 10, 34, 60]
    .map((a, i) => {
      const len = lengths[i] as number;
      const vein = `<path d="M0 -16L0 ${-len * 0.88}" stroke="#fff" stroke-width="4" opacity="0.3"/>`;
      return `<g transform="translate(400 476) rotate(${a})">${leaf(len, greens[i % 4] as string)}${vein}</g>`;
    })
    .join('');
  const body = 'M296 496L504 496L482 660Q480 672 468 672L332 672Q320 672 318 660Z';
  let deco = '';
  if (pattern === 'band')
    deco = `<path d="M290 560L330 590L370 560L410 590L450 560L490 590L530 560" fill="none" stroke="${p.accent}" stroke-width="12"/>`;
  if (pattern === 'dots') deco = dots(p.accent, 40, 6);
  return (
    leaves +
    `<path d="${body}" fill="${p.main}"/>` +
    inside(body, deco + sideLight(296, 490, 208, 190)) +
    `<rect x="280" y="462" width="240" height="40" rx="10" fill="${tint(p.main, 0.15)}"/>` +
    inside(rectPath(280, 462, 240, 40, 10), sideLight(280, 462, 240, 40))
  );
}

function bottle(p: Palette): string {
  const body = rectPath(320, 268, 160, 404, 56);
  return (
    `<path d="M372 206C372 146 428 146 428 206" fill="none" stroke="${shade(p.accent, 0.2)}" stroke-width="14"/>` +
    `<rect x="342" y="196" width="116" height="86" rx="18" fill="${p.accent}"/><rect x="342" y="262" width="116" height="10" fill="#000" opacity="0.12"/>` +
    `<path d="${body}" fill="${p.main}"/>` +
    inside(
      body,
      `<rect x="300" y="560" width="200" height="38" fill="${p.detail}"/><rect x="300" y="610" width="200" height="8" fill="${p.detail}"/>` +
        `${sideLight(320, 260, 160, 420)}<rect x="344" y="310" width="18" height="330" rx="9" fill="#fff" opacity="0.3"/>`,
    )
  );
}

function gift(p: Palette, pattern: ArtPattern): string {
  const body = rectPath(250, 420, 300, 240, 6);
  const deco = pattern === 'dots' ? dots(p.detail, 54, 10) : '';
  const loop = (dir: number) =>
    `<path d="M400 366C${400 + dir * 40} 290 ${400 + dir * 110} 300 ${400 + dir * 92} 350C${400 + dir * 80} 372 ${400 + dir * 40} 372 400 366Z" fill="${p.accent}"/>`;
  return (
    `<path d="${body}" fill="${p.main}"/>` +
    inside(
      body,
      `${deco}<rect x="382" y="400" width="36" height="280" fill="${p.accent}"/>${sideLight(250, 420, 300, 240)}<rect x="240" y="420" width="330" height="18" fill="#000" opacity="0.12"/>`,
    ) +
    `<rect x="232" y="362" width="336" height="66" rx="8" fill="${tint(p.main, 0.12)}"/><rect x="382" y="362" width="36" height="66" fill="${p.accent}"/>` +
    `<path d="M392 366L360 430L378 430Z" fill="${shade(p.accent, 0.15)}"/><path d="M408 366L440 430L422 430Z" fill="${shade(p.accent, 0.15)}"/>` +
    loop(-1) +
    loop(1) +
    `<ellipse cx="400" cy="364" rx="22" ry="17" fill="${shade(p.accent, 0.2)}"/>`
  );
}

function draw(kind: ArtKind, pattern: ArtPattern, p: Palette): string {
  switch (kind) {
    case 'tshirt':
      return tshirt(p, pattern, false);
    case 'tshirt-v':
      return tshirt(p, pattern, true);
    case 'mug':
      return mug(p, pattern);
    case 'tote':
      return tote(p, pattern);
    case 'cap':
      return cap(p);
    case 'cushion':
      return cushion(p, pattern);
    case 'plant':
      return plant(p, pattern);
    case 'bottle':
      return bottle(p);
    case 'gift':
      return gift(p, pattern);
  }
}

/**
 * Per drawing: the y it stands on (where its shadow goes), and a zoom and shift that even out how
 * much of the picture each object fills and centre it (the cap's brim sticks out to the right).
 */
const LAYOUT: Record<ArtKind, { floor: number; scale?: number; dx?: number }> = {
  tshirt: { floor: 652 },
  'tshirt-v': { floor: 652 },
  mug: { floor: 640, scale: 1.08 },
  tote: { floor: 672 },
  cap: { floor: 508, scale: 1.05, dx: -70 },
  cushion: { floor: 664 },
  plant: { floor: 672 },
  bottle: { floor: 672, scale: 1.05 },
  gift: { floor: 660, scale: 1.18 },
};

/** Where the product's shadow belongs, in the 800x800 box. */
export const floorOf = (kind: ArtKind): number => LAYOUT[kind].floor;

/** The SVG elements of one product drawing (no <svg> wrapper). */
export function drawProduct(kind: ArtKind, pattern: ArtPattern, p: Palette): string {
  const { floor, scale = 1, dx = 0 } = LAYOUT[kind];
  const art = draw(kind, pattern, p);
  if (scale === 1 && dx === 0) return art;
  return `<g transform="translate(${400 + dx} ${floor}) scale(${scale}) translate(-400 ${-floor})">${art}</g>`;
}
