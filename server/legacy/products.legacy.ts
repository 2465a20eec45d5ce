import type { FastifyInstance } from 'fastify';
import { ZProductCreate, ZProductListInput, ZProductLookup, ZProductUpdate } from '../../shared/catalog.ts';
import { ZIdInput } from '../../shared/ids.ts';
import { ZProductReorder } from '../../shared/product-admin.ts';
import { getProduct, listProducts } from '../../src/catalog/catalog.service.ts';
import { createProduct, deleteProduct, updateProduct } from '../../src/catalog/product.service.ts';
import { reorderProducts } from '../../src/catalog/product-order.ts';
import { jsonArray, productBatches } from '../../src/catalog/product-stream.ts';
import { readRequestForm } from '../input/form.ts';
import { parseInput } from '../input/parse.ts';
import { LIST_TAGS, productReadTags } from '../public-cache/tags.ts';
import { legacyRoute, params } from './legacy-route.ts';

/** /api/products/*.php (spec §7 "Products"); the gallery calls are in product-images.legacy.ts. */
export function productsLegacy(app: FastifyInstance): void {
  legacyRoute(app, {
    method: 'GET',
    url: '/api/products/list.php',
    policy: 'public',
    cached: true,
    cacheQuery: Object.keys(ZProductListInput.unwrap().shape),
    tags: () => LIST_TAGS,
    // The whole catalogue (no limit, no search) past one answer's size: streamed in batches.
    stream: async (ctx, req) => {
      const input = parseInput(ZProductListInput, params(req));
      if (input.limit !== undefined || input.q !== undefined || input.offset !== undefined) return null;
      const batches = await productBatches(ctx, input);
      return batches && jsonArray(batches);
    },
    handler: (ctx, req) => listProducts(ctx, parseInput(ZProductListInput, params(req))),
  });
  legacyRoute(app, {
    method: 'GET',
    url: '/api/products/get.php',
    policy: 'public',
    cached: true,
    cacheQuery: Object.keys(ZProductLookup.in.shape),
    tags: (_req, product) => productReadTags(product as { id: number } | undefined),
    handler: (ctx, req) => getProduct(ctx, parseInput(ZProductLookup, params(req))),
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/products/create.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const { fields: raw, files } = await readRequestForm(req);
      const image = files.find((f) => f.field === 'image');
      const product = await createProduct(ctx, parseInput(ZProductCreate, raw), image);
      return { ok: true, id: product.id, message: 'Produto criado', product };
    },
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/products/update.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const { fields: raw, files } = await readRequestForm(req);
      const image = files.find((f) => f.field === 'image');
      const product = await updateProduct(ctx, parseInput(ZProductUpdate, raw), image);
      return { ok: true, id: product.id, message: 'Produto atualizado', product };
    },
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/products/delete.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      await deleteProduct(ctx, parseInput(ZIdInput, params(req)).id);
      return { ok: true, message: 'Produto deletado' };
    },
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/products/reorder.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      await reorderProducts(ctx, parseInput(ZProductReorder, params(req)).orders);
      return { ok: true, message: 'Ordem atualizada' };
    },
  });
}
