import sharp from 'sharp';

/** A small real image in the given format, for upload calls. */
export const image = (format: 'png' | 'jpeg' | 'webp' = 'png', background = '#ff6b35', size = { width: 32, height: 24 }) =>
  sharp({ create: { ...size, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

/** A small real PNG (40×20). */
export const png = (background = '#ff6b35') => image('png', background, { width: 40, height: 20 });

/** SVG with a script, named and typed as a PNG: must be refused by content. */
export const fakePng = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** Where an accepted upload is served: a server-chosen name under /uploads/. */
export const UPLOAD_URL = /^\/uploads\/[0-9a-f-]{36}\.(png|jpg|webp)$/;

/** A 2400×1600 JPEG of overlapping circles, large enough that encoding its variants takes a while. */
export function largePhoto(): Promise<Buffer> {
  const [w, h] = [2400, 1600];
  const shapes = Array.from(
    { length: 80 },
    (_, i) =>
      `<circle cx="${(i * 977) % w}" cy="${(i * 631) % h}" r="${30 + ((i * 37) % 300)}" fill="hsl(${i * 17},70%,50%)" opacity="0.6"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#eee"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}
