import type { FastifyInstance } from 'fastify';
import { CONTENT_MESSAGES, ZTopHeaderCreate, ZTopHeaderUpdate } from '../../shared/content.ts';
import { ZIdInput } from '../../shared/ids.ts';
import { createTopHeader, deleteTopHeader, listTopHeaders, updateTopHeader } from '../../src/content/top-header.service.ts';
import { parseInput } from '../input/parse.ts';
import { LAYOUT_TAGS } from '../public-cache/tags.ts';
import { legacyRoute, params } from './legacy-route.ts';

/** /api/top_headers/*.php (spec §7 "Top headers"): JSON {text, bg_color, text_color, sort_order}. */
export function topHeadersLegacy(app: FastifyInstance): void {
  legacyRoute(app, {
    method: 'GET',
    url: '/api/top_headers/list.php',
    policy: 'public',
    cached: true,
    tags: () => LAYOUT_TAGS,
    handler: (ctx) => listTopHeaders(ctx),
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/top_headers/create.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const top_header = await createTopHeader(ctx, parseInput(ZTopHeaderCreate, params(req)));
      return { ok: true, id: top_header.id, message: CONTENT_MESSAGES.topHeaderCreated, top_header };
    },
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/top_headers/update.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const top_header = await updateTopHeader(ctx, parseInput(ZTopHeaderUpdate, params(req)));
      return { ok: true, id: top_header.id, message: CONTENT_MESSAGES.topHeaderUpdated, top_header };
    },
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/top_headers/delete.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      await deleteTopHeader(ctx, parseInput(ZIdInput, params(req)).id);
      return { ok: true, message: CONTENT_MESSAGES.topHeaderDeleted };
    },
  });
}
