import type { FastifyInstance } from 'fastify';
import { imagesAddedMessage, ZProductImageListInput, ZProductImageReorder, ZProductImageUploadFields } from '../../shared/catalog.ts';
import { ZIdInput } from '../../shared/ids.ts';
import { addProductImages, deleteProductImage, listProductImages, reorderProductImages } from '../../src/catalog/product-image.service.ts';
import { readRequestForm } from '../input/form.ts';
import { parseInput } from '../input/parse.ts';
import { byProductInput } from '../public-cache/tags.ts';
import { legacyRoute, params } from './legacy-route.ts';

/** /api/products/images/*.php (spec §7 "Products": the gallery). */
export function productImagesLegacy(app: FastifyInstance): void {
  legacyRoute(app, {
    method: 'GET',
    url: '/api/products/images/list.php',
    policy: 'public',
    cached: true,
    cacheQuery: Object.keys(ZProductImageListInput.shape),
    tags: (req) => byProductInput(params(req)),
    handler: async (ctx, req) => {
      const images = await listProductImages(ctx, parseInput(ZProductImageListInput, params(req)).product_id);
      return { ok: true, images };
    },
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/products/images/bulk_upload.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const { fields: raw, files } = await readRequestForm(req);
      const { product_id } = parseInput(ZProductImageUploadFields, raw);
      // files[] as PHP clients send it; files[0], files[1]… are accepted too. One refused file
      // refuses the whole request, as this contract always did (see README.md, "Gallery upload").
      const { added } = await addProductImages(
        ctx,
        product_id,
        files.filter((f) => /^files(\[\d*\])?$/.test(f.field)),
        'whole',
      );
      return { ok: true, message: imagesAddedMessage(added) };
    },
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/products/images/delete.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      await deleteProductImage(ctx, parseInput(ZIdInput, params(req)).id);
      return { ok: true, message: 'Imagem removida' };
    },
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/products/images/reorder.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const { product_id, order } = parseInput(ZProductImageReorder, params(req));
      await reorderProductImages(ctx, product_id, order);
      return { ok: true, message: 'Ordem atualizada' };
    },
  });
}
