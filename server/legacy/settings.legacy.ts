import type { FastifyInstance } from 'fastify';
import { getPublicSettings, type SettingsImages, updateSettings } from '../../src/settings/settings.service.ts';
import { legacyRoute } from './legacy-route.ts';
import { readBody } from './multipart.ts';

/** /settings/*.php (spec §7 "Settings"). */
export function settingsLegacy(app: FastifyInstance): void {
  legacyRoute(app, { method: 'GET', url: '/settings/get.php', policy: 'public', handler: async (ctx) => getPublicSettings(ctx) });
  legacyRoute(app, {
    method: 'POST',
    url: '/settings/update.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const { fields, files } = await readBody(req);
      const images: SettingsImages = {};
      for (const f of files) if (f.field === 'logo' || f.field === 'favicon' || f.field === 'footer_image') images[f.field] = f;
      const settings = await updateSettings(ctx, fields, images);
      return { ok: true, message: 'Configurações salvas', settings };
    },
  });
}
