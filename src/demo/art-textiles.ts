/** Drawings of fabric goods: t-shirts, the tote bag, the cap and the cushion (see demo-art.ts). */
import { type ArtPattern, dots, inside, leaf, type Palette, shade, sideLight, stripes } from './art-kit.ts';

export function tshirt(p: Palette, pattern: ArtPattern, vNeck: boolean): string {
  const body =
    'M318 196C350 232 450 232 482 196L572 226L668 322L606 390L566 356L566 640C470 652 330 652 234 640L234 356L194 390L132 322L228 226Z';
  const dark = shade(p.main, 0.12);
  let deco = '';
  if (pattern === 'stripes') deco = stripes(p.accent, 250, 680, 52, 22);
  if (pattern === 'dots') deco = dots(p.accent, 60, 9);
  if (pattern === 'print') {
    const leaves = [-40, 0, 40].map((a) => `<g transform="translate(400 470) rotate(${a})">${leaf(a ? 110 : 140, p.detail)}</g>`);
    deco = `<circle cx="400" cy="400" r="92" fill="${p.accent}"/>${leaves.join('')}`;
  }
  if (pattern === 'pocket') {
    deco = `<rect x="442" y="296" width="74" height="82" rx="6" fill="${dark}"/><path d="M450 312H508" stroke="${shade(p.main, 0.25)}" stroke-width="3" stroke-dasharray="8 6"/>`;
  }
  // Light, cuffs and hem go over the pattern so a print reads as fabric, not as a sticker.
  const cuffs = `<path d="M668 322L606 390L592 376L654 308Z" fill="${dark}"/><path d="M132 322L194 390L208 376L146 308Z" fill="${dark}"/>`;
  const hem = `<path d="M242 622C330 634 470 634 558 622" fill="none" stroke="${shade(p.main, 0.22)}" stroke-width="3" stroke-dasharray="10 8" opacity="0.7"/>`;
  const neck = vNeck
    ? `<path d="M330 200C370 190 430 190 470 200L400 282Z" fill="${shade(p.main, 0.3)}"/><path d="M330 200L400 282L470 200" fill="none" stroke="${p.detail}" stroke-width="14" stroke-linejoin="round"/>`
    : `<path d="M318 196C360 186 440 186 482 196C450 232 350 232 318 196Z" fill="${shade(p.main, 0.3)}"/><path d="M318 196C350 232 450 232 482 196" fill="none" stroke="${p.detail}" stroke-width="14" stroke-linecap="round"/>`;
  return (
    `<path d="${body}" fill="${p.main}" stroke="${p.main}" stroke-width="16" stroke-linejoin="round"/>` +
    inside(body, deco + sideLight(224, 190, 352, 470) + cuffs + hem, 16) +
    neck
  );
}

export function tote(p: Palette, pattern: ArtPattern): string {
  const body = 'M232 340L568 340L592 656Q593 672 578 672L222 672Q207 672 208 656Z';
  let deco = '';
  if (pattern === 'print') {
    deco =
      `<circle cx="400" cy="520" r="78" fill="${p.accent}"/><circle cx="372" cy="492" r="16" fill="#fff" opacity="0.35"/>` +
      `<g transform="translate(408 446) rotate(38)">${leaf(70, p.detail)}</g><path d="M400 446L398 420" stroke="${shade(p.detail, 0.3)}" stroke-width="6" stroke-linecap="round"/>`;
  }
  if (pattern === 'stripes')
    deco = `<rect x="200" y="420" width="400" height="26" fill="${p.accent}"/><rect x="200" y="462" width="400" height="10" fill="${p.accent}"/>`;
  const handle = (dx: number, color: string) =>
    `<path d="M${320 + dx} 392C${320 + dx} 170 ${480 - dx} 170 ${480 - dx} 392" fill="none" stroke="${color}" stroke-width="24" stroke-linecap="round"/>`;
  const strap = shade(p.main, 0.15);
  return (
    handle(26, shade(p.main, 0.28)) +
    `<path d="${body}" fill="${p.main}"/>` +
    inside(
      body,
      `${deco}${sideLight(208, 340, 386, 340)}<rect x="200" y="340" width="400" height="34" fill="#000" opacity="0.08"/>` +
        `<path d="M236 386H564" stroke="${shade(p.main, 0.3)}" stroke-width="3" stroke-dasharray="9 7" opacity="0.6"/>`,
    ) +
    handle(0, strap) +
    `<rect x="305" y="352" width="30" height="44" rx="4" fill="${strap}"/><rect x="465" y="352" width="30" height="44" rx="4" fill="${strap}"/>`
  );
}

export function cap(p: Palette): string {
  const crown = 'M206 500C196 330 296 246 410 246C530 246 604 340 600 500Z';
  const seam = shade(p.main, 0.2);
  return (
    `<path d="M540 484C640 462 740 474 772 516C728 550 626 544 540 514Z" fill="${shade(p.main, 0.22)}"/>` +
    `<path d="M540 484C640 462 740 474 772 516C732 516 640 506 540 500Z" fill="${p.main}"/>` +
    `<path d="${crown}" fill="${p.main}"/>` +
    inside(
      crown,
      `<path d="M418 246C524 252 604 340 600 500L476 500C480 400 462 310 418 246Z" fill="${p.accent}"/>${sideLight(200, 240, 410, 270)}` +
        `<path d="M410 246C360 320 340 420 346 500M410 246C300 300 262 400 258 500" fill="none" stroke="${seam}" stroke-width="4"/>`,
    ) +
    `<rect x="200" y="486" width="404" height="22" rx="10" fill="${shade(p.main, 0.25)}"/>` +
    `<path d="M212 452Q230 440 252 452L252 490L212 490Z" fill="${shade(p.main, 0.3)}"/>` +
    `<circle cx="318" cy="330" r="7" fill="${shade(p.main, 0.35)}"/><circle cx="480" cy="316" r="7" fill="${shade(p.accent, 0.3)}"/>` +
    `<ellipse cx="410" cy="248" rx="22" ry="10" fill="${p.detail}"/>`
  );
}

export function cushion(p: Palette, pattern: ArtPattern): string {
  const body = 'M190 230Q400 266 610 230Q574 440 610 650Q400 614 190 650Q226 440 190 230Z';
  let deco = '';
  if (pattern === 'geo') {
    for (let i = 0; i < 7; i++) {
      const x = 170 + i * 70;
      deco += `<path d="M${x} 470L${x + 35} 400L${x + 70} 470Z" fill="${i % 2 ? p.detail : p.accent}"/>`;
      deco += `<path d="M${x} 480L${x + 35} 550L${x + 70} 480Z" fill="${i % 2 ? p.accent : p.detail}"/>`;
    }
    deco += `<rect x="150" y="330" width="500" height="10" fill="${p.accent}"/><rect x="150" y="600" width="500" height="10" fill="${p.accent}"/>`;
  }
  const tassel = (x: number, y: number, a: number) =>
    `<g transform="translate(${x} ${y}) rotate(${a})"><path d="M0 0L-14 34L14 34Z" fill="${p.accent}"/><circle r="8" fill="${shade(p.accent, 0.2)}"/></g>`;
  return (
    `<path d="${body}" fill="${p.main}" stroke="${p.main}" stroke-width="10" stroke-linejoin="round"/>` +
    inside(
      body,
      `${deco}<ellipse cx="330" cy="330" rx="180" ry="110" fill="#fff" opacity="0.12"/><path d="${body}" fill="none" stroke="#000" stroke-width="60" opacity="0.07"/>`,
      10,
    ) +
    tassel(190, 230, 135) +
    tassel(610, 230, -135) +
    tassel(190, 650, 45) +
    tassel(610, 650, -45)
  );
}
