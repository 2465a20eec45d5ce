import type { FastifyInstance } from 'fastify';
import { getPublicSettings, settingsImages, updateSettings } from '../../src/settings/settings.service.ts';
import { readRequestForm } from '../input/form.ts';
import { LAYOUT_TAGS } from '../public-cache/tags.ts';
import { legacyRoute } from './legacy-route.ts';

/** /settings/*.php (spec §7 "Settings"). */
export function settingsLegacy(app: FastifyInstance): void {
  legacyRoute(app, {
    method: 'GET',
    url: '/settings/get.php',
    policy: 'public',
    cached: true,
    tags: () => LAYOUT_TAGS,
    handler: async (ctx) => getPublicSettings(ctx),
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/settings/update.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const { fields, files } = await readRequestForm(req);
      const settings = await updateSettings(ctx, fields, settingsImages(files));
      return { ok: true, message: 'Configurações salvas', settings };
    },
  });
}
