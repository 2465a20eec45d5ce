import type { FastifyInstance } from 'fastify';
import { CONTENT_MESSAGES, ZBannerFields, ZBannerUpdate } from '../../shared/content.ts';
import { ZIdInput } from '../../shared/ids.ts';
import { createBanner, deleteBanner, listBanners, updateBanner } from '../../src/content/banner.service.ts';
import { bannerUploads } from '../../src/content/uploads.ts';
import { readRequestForm } from '../input/form.ts';
import { parseInput } from '../input/parse.ts';
import { LAYOUT_TAGS } from '../public-cache/tags.ts';
import { legacyRoute, params } from './legacy-route.ts';

/**
 * /api/banners/*.php (spec §7 "Banners"): multipart title, href, sort_order and `image`; added,
 * all optional: `mobile_image` (phones, 21:9) and, on update, `remove_mobile_image`.
 */
export function bannersLegacy(app: FastifyInstance): void {
  legacyRoute(app, {
    method: 'GET',
    url: '/api/banners/list.php',
    policy: 'public',
    cached: true,
    tags: () => LAYOUT_TAGS,
    handler: (ctx) => listBanners(ctx),
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/banners/create.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const { fields, files } = await readRequestForm(req);
      const banner = await createBanner(ctx, parseInput(ZBannerFields, fields), bannerUploads(files));
      return { ok: true, id: banner.id, message: CONTENT_MESSAGES.bannerCreated, banner };
    },
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/banners/update.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const { fields, files } = await readRequestForm(req);
      const input = parseInput(ZBannerUpdate, { ...(req.query as Record<string, unknown>), ...fields });
      const banner = await updateBanner(ctx, input, bannerUploads(files));
      return { ok: true, id: banner.id, message: CONTENT_MESSAGES.bannerUpdated, banner };
    },
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/banners/delete.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      await deleteBanner(ctx, parseInput(ZIdInput, params(req)).id);
      return { ok: true, message: CONTENT_MESSAGES.bannerDeleted };
    },
  });
}
