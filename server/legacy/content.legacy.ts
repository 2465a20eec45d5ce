import type { FastifyInstance } from 'fastify';
import { bannersLegacy } from './banners.legacy.ts';
import { footerLegacy } from './footer.legacy.ts';
import { topHeadersLegacy } from './top-headers.legacy.ts';

/** The content calls of spec §7: banners, top headers, footer icons, sections and links. */
export function contentLegacy(app: FastifyInstance): void {
  bannersLegacy(app);
  topHeadersLegacy(app);
  footerLegacy(app);
}
