import type { FastifyInstance } from 'fastify';
import { ZCollectionCreate, ZCollectionReorder, ZCollectionUpdate } from '../../shared/catalog.ts';
import { ZIdInput } from '../../shared/ids.ts';
import { listCollections } from '../../src/catalog/catalog.service.ts';
import { createCollection, deleteCollection, reorderCollections, updateCollection } from '../../src/catalog/collection.service.ts';
import { parseInput } from '../input/parse.ts';
import { COLLECTIONS } from '../public-cache/tags.ts';
import { legacyRoute, params } from './legacy-route.ts';

/** /api/collections/*.php (spec §7 "Collections"). */
export function collectionsLegacy(app: FastifyInstance): void {
  legacyRoute(app, {
    method: 'GET',
    url: '/api/collections/list.php',
    policy: 'public',
    cached: true,
    tags: () => [COLLECTIONS],
    handler: (ctx) => listCollections(ctx),
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/collections/create.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      // The answer keeps its documented shape; the same-name warning is for the admin (tRPC).
      const { collection: c } = await createCollection(ctx, parseInput(ZCollectionCreate, params(req)));
      return { ok: true, id: c.id, message: 'Coleção criada!', collection: c };
    },
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/collections/update.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const input = parseInput(ZCollectionUpdate, params(req));
      const c = await updateCollection(ctx, input);
      const message = input.active === undefined ? 'Coleção atualizada' : c.active ? 'Coleção ativada' : 'Coleção desativada';
      return { ok: true, id: c.id, message, collection: c };
    },
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/collections/reorder.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      await reorderCollections(ctx, parseInput(ZCollectionReorder, params(req)).orders);
      return { ok: true, message: 'Ordem atualizada' };
    },
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/collections/delete.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      await deleteCollection(ctx, parseInput(ZIdInput, params(req)).id);
      return { ok: true, message: 'Coleção excluída' };
    },
  });
}
